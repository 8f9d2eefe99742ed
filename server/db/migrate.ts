import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema';
import { migrationProvider } from './migrations/index';

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${String((error as Error).message ?? error)}`,
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
