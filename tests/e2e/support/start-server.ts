import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startE2eMailbox } from './mailbox';

/**
 * Starts the production server for the browser tests on a fresh database: PostgreSQL when
 * TEST_DATABASE_URL is set (a new `asphalt_e2e` database, demo data on), else PGlite in a
 * fresh data directory.
 */
// Cheap password hashing, for the tests only (see server/security/password-hash.ts); set
// before the server's modules load, as the cost is read once.
process.env.PASSWORD_HASH_COST = 'test';
process.env.NODE_ENV = 'test';

const dataDir = path.resolve(process.env.E2E_RESULTS ?? 'test-results', 'e2e-data');
await rm(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

const baseUrl = process.env.TEST_DATABASE_URL;
if (baseUrl) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query('drop database if exists asphalt_e2e with (force)');
  await admin.query('create database asphalt_e2e');
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = '/asphalt_e2e';
  process.env.DATABASE_URL = url.toString();
  process.env.DEMO = '1';
}

// Mail goes to a local SMTP capture that the specs read (see mailbox.ts).
await startE2eMailbox();

await import('../../../server/main');
