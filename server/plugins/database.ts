import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    database: DatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  database: DatabaseHandle;
  /** Close the database when the app closes (false when the caller owns it). */
  closeOnShutdown: boolean;
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app: FastifyInstance, { database, closeOnShutdown }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (closeOnShutdown) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
