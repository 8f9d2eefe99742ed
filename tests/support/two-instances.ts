import type { FastifyInstance } from 'fastify';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import type { ServerModule } from '../../server/modules/module';
import { createServer } from '../../server/server';
import { createTestApp, type TestApp } from './test-app';

/** Two app instances on one PostgreSQL database, as behind a load balancer. */
export interface TwoInstances {
  first: TestApp;
  second: FastifyInstance;
  secondDatabase: DatabaseHandle;
  close(): Promise<void>;
}

export interface TwoInstancesOptions {
  /** Both run jobs (see TestAppOptions). */
  jobs?: boolean;
  modules?: readonly ServerModule[];
}

/** A demo test app and a second instance of the server on its database (PostgreSQL only). */
export async function twoInstances({
  jobs,
  modules,
}: TwoInstancesOptions = {}): Promise<TwoInstances> {
  const first = await createTestApp({
    demo: true,
    ...(jobs ? { jobs } : {}),
    ...(modules ? { modules } : {}),
  });
  const secondDatabase = await connectDatabase({
    databaseUrl: first.database.url,
    dataDir: 'memory://',
    statementTimeoutMs: 10_000,
    poolSize: 2,
  });
  const second = await createServer({
    config: first.config,
    database: secondDatabase,
    logger: false,
    ...(modules ? { modules } : {}),
  });
  await Promise.all([first.app.ready(), second.ready()]);
  return {
    first,
    second,
    secondDatabase,
    async close() {
      await second.close();
      await secondDatabase.close();
      await first.close();
    },
  };
}
