import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './20261121-0001-foundation';

/** Every migration, by name; names sort in the order they run. */
const migrations: Record<string, Migration> = {
  '20261121-0001-foundation': foundation,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
