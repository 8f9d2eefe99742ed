import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { buildApp } from './app';
import type { ServerModule } from './modules/module';
import type { AppConfig } from './config/config';
import { loadSecrets } from './config/secrets';
import { connectDatabase, type DatabaseHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { waitForDatabase } from './db/wait-for-database';
import { bodyAsSentValidators } from './plugins/body-validation';
import { serializersOnFirstUse } from './plugins/compile-on-first-use';
import { RequestLogController } from './plugins/request-log';
import { redactText, serializeRequest } from './security/log-redaction';
import { seedDemoData } from './seed/demo';
import { seedReferenceData } from './seed/reference';

export interface CreateServerOptions {
  config: AppConfig;
  /** An open database to use instead of the configured one (tests); the caller closes it. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: NodeJS.WritableStream;
  /** The feature modules, when not the release's (a test adds a fixture module). */
  modules?: readonly ServerModule[];
}

/**
 * Opens the database, migrates and seeds it, and builds the Fastify instance with the app
 * registered. Listening is left to the caller.
 */
export async function createServer({
  config,
  database,
  logger = true,
  logStream,
  modules,
}: CreateServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          serializers: { req: serializeRequest, clientError: redactText },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    logController: new RequestLogController(config.slowRequestMs),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    schemaController: {
      compilersFactory: {
        buildValidator: bodyAsSentValidators(),
        buildSerializer: serializersOnFirstUse(),
      },
    },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  const ownsDatabase = database === undefined;
  const handle =
    database ??
    (await connectDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.statementTimeoutMs,
      poolSize: config.poolSize,
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'a database connection was lost; it will be replaced'),
    }));
  try {
    if (ownsDatabase) {
      await waitForDatabase(handle, { log: app.log });
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
      await seedReferenceData(handle.db);
      if (config.demo && (await seedDemoData(handle.db))) app.log.info('demo data seeded');
    }
    const secrets = await loadSecrets(config.dataDir, { jwtSecret: config.jwtSecret ?? undefined });
    await app.register(buildApp, {
      config,
      secrets,
      database: handle,
      ownsDatabase,
      ...(modules ? { modules } : {}),
    });
    await app.ready();
  } catch (error) {
    if (ownsDatabase) await handle.close();
    throw error;
  }
  return app;
}
