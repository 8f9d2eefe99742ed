import type { FastifyInstance } from 'fastify';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppConfig, loadConfig } from '../../server/config/config';
import type { ServerModule } from '../../server/modules/module';
import { createServer } from '../../server/server';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Seed the demo data (accounts, company, groups) as a new demo installation has. */
  demo?: boolean;
  /** Run jobs (schedules, runs asked for) on this app; off unless a test asks for it. */
  jobs?: boolean;
  /** PostgreSQL connections at most (see TestDatabaseOptions). */
  poolSize?: number;
  /** The server's modules, when a test adds one of its own. */
  modules?: readonly ServerModule[];
}

/** The production app over a private test database; call `close()` in afterAll. */
export async function createTestApp({
  env = {},
  demo = false,
  jobs = false,
  poolSize,
  modules,
}: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOBS: jobs ? '1' : '0',
    ...env,
  });
  const database = await createTestDatabase({ demo, ...(poolSize ? { poolSize } : {}) });
  let app: FastifyInstance;
  try {
    app = await createServer({ config, database, logger: false, ...(modules ? { modules } : {}) });
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
