import { type Kysely, sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator } from 'kysely/migration';
import type { Database } from './schema';
import { migrationProvider } from './migrations/index';

/**
 * Whether the database has run exactly the migrations this release holds, in two small reads.
 * Kysely's Migrator finds the same by creating its tables if missing, taking its lock and
 * reading them in a transaction: 0.7 s of every start on the embedded database (0.1 s this
 * way) when there is nothing to do. Anything else (no table yet, a migration missing or
 * unknown) is left to the Migrator, which applies or refuses.
 */
async function upToDate(db: Kysely<Database>): Promise<boolean> {
  const table = await sql<{ present: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const applied = rows.map((row) => row.name).sort();
  const expected = Object.keys(await migrationProvider.getMigrations()).sort();
  return applied.length === expected.length && applied.every((name, i) => name === expected[i]);
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await upToDate(db)) return [];
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
