import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './20261121-0001-foundation';
import * as identity from './20261122-0002-identity';

/** Every migration, by name; names sort in the order they run. */
const migrations: Record<string, Migration> = {
  '20261121-0001-foundation': foundation,
  '20261122-0002-identity': identity,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
