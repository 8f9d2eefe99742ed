import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedReferenceData } from '../../server/seed/reference';

export interface TestDatabase extends DatabaseHandle {
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `asphalt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * A fresh, migrated database with reference data, private to the calling test file:
 * in-memory PGlite, or a new database on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createTestDatabase({ seed = true } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const created = baseUrl ? await createPostgresDatabase(baseUrl) : null;
  const handle = await connectDatabase({
    databaseUrl: created?.url ?? null,
    dataDir: 'memory://',
    statementTimeoutMs: 10_000,
    poolSize: 4,
  });
  await migrateToLatest(handle.db);
  if (seed) await seedReferenceData(handle.db);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await created?.drop();
    },
  };
}
