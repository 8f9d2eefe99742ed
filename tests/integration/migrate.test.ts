import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { migrationProvider } from '../../server/db/migrations/index';
import { createPostgresDatabase } from '../support/test-database';

/** A database with nothing in it: a new PostgreSQL database, or an in-memory PGlite. */
async function emptyDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const created = baseUrl ? await createPostgresDatabase(baseUrl) : null;
  const handle = await connectDatabase({
    databaseUrl: created?.url ?? null,
    dataDir: 'memory://',
    statementTimeoutMs: 10_000,
    poolSize: 2,
  });
  return {
    handle,
    async dispose() {
      await handle.close();
      await created?.drop();
    },
  };
}

describe('migrating at start-up', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>> | null = null;
  afterEach(async () => {
    await database?.dispose();
    database = null;
  });

  it('runs every migration on a new database, then finds nothing to do', async () => {
    database = await emptyDatabase();
    const all = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(await migrateToLatest(database.handle.db)).toEqual(all);
    expect(await migrateToLatest(database.handle.db)).toEqual([]);
  });

  it('refuses a database that ran a migration this release does not know', async () => {
    database = await emptyDatabase();
    await migrateToLatest(database.handle.db);
    await sql`insert into kysely_migration (name, timestamp)
      values ('29991231-9999-from-the-future', '2999-12-31T00:00:00.000Z')`.execute(
      database.handle.db,
    );
    await expect(migrateToLatest(database.handle.db)).rejects.toThrow(
      /29991231-9999-from-the-future/,
    );
  });
});
