import { Ajv, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifySchemaCompiler,
  type FastifyServerOptions,
} from 'fastify';
import { randomUUID } from 'node:crypto';
import { accountPaths, ticketScreenPaths } from '#metadata';
import { buildApp } from './app';
import type { AppConfig } from './config/config';
import { loadSecrets } from './config/secrets';
import { connectDatabase, type DatabaseHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './seed/demo';
import { seedReferenceData } from './seed/reference';

export interface CreateServerOptions {
  config: AppConfig;
  /** An open database to use instead of the configured one (tests); the caller closes it. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: NodeJS.WritableStream;
}

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

/**
 * Fastify's validation, with one change: a request body is validated as it was sent, never
 * coerced (`Name: 12345` is not a text, `"50"` is not a number), while the path, query string
 * and headers, which are text by nature, are still coerced to the types their schemas name.
 * Both Ajv instances carry ajv-formats and the schemas shared with `app.addSchema`; one pair
 * serves every plugin context with the same shared schemas, as Fastify's own compiler pools.
 */
export function bodyAsSentValidators(): ValidatorFactory {
  const pool = new Map<string, FastifySchemaCompiler<AnySchema>>();
  const build = (externalSchemas: Record<string, AnySchema> = {}) => {
    const key = JSON.stringify(externalSchemas);
    const pooled = pool.get(key);
    if (pooled) return pooled;
    const ajvOf = (coerceTypes: false | 'array') => {
      const ajv = new Ajv({
        allErrors: true,
        coerceTypes,
        removeAdditional: false,
        useDefaults: true,
        addUsedSchema: false,
      });
      addFormats(ajv);
      for (const schema of Object.values(externalSchemas)) ajv.addSchema(schema);
      return ajv;
    };
    const asSent = ajvOf(false);
    const coerced = ajvOf('array');
    const compile: FastifySchemaCompiler<AnySchema> = ({ schema, httpPart }) => {
      const ajv = httpPart === 'body' ? asSent : coerced;
      const id = typeof schema === 'object' ? (schema as { $id?: unknown }).$id : undefined;
      // Ajv compiles a schema with an $id once per instance.
      const stored = typeof id === 'string' ? ajv.getSchema(id) : undefined;
      return stored ?? ajv.compile(schema);
    };
    pool.set(key, compile);
    return compile;
  };
  return build as unknown as ValidatorFactory;
}

/** Path prefixes whose next segment is an account ticket (mailed links and their API call). */
const ticketPrefixes = [...Object.values(ticketScreenPaths), accountPaths.userByTicket].map(
  (prefix) => prefix.replace(/^\/+|\/+$/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
);
const ticketSegment = new RegExp(`(/(?:${ticketPrefixes.join('|')})/)[^/?#]+`, 'gi');

/** Query parameters whose value is a secret, by name (case and separators ignored). */
const secretNames = new Set([
  'ticket',
  'token',
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'code',
  'otp',
  'captcha',
  'recaptcha',
  'signature',
  'sig',
  'key',
  'apikey',
  'session',
  'sid',
  'jwt',
  'auth',
  'authorization',
]);
const secretSuffixes = ['ticket', 'token', 'password', 'secret'];

function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as written.
  }
  const plain = decoded.toLowerCase().replace(/[^a-z]/g, '');
  return secretNames.has(plain) || secretSuffixes.some((suffix) => plain.endsWith(suffix));
}

/**
 * A URL fit for the log: the ticket of `/resetpassword/{ticket}`, `/registerbyticket/{ticket}`,
 * `/confirmemail/{ticket}` and `GetUserByTicket/{ticket}` and the values of query parameters
 * such as `ticket`, `token`, `password` or `code` are replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(ticketSegment, '$1[redacted]');
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretName(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** Text that may quote URLs (a browser's error report), with their tickets redacted. */
function redactText(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.replace(/[^\s'"<>()]+/g, (word) => (/[/?]/.test(word) ? redactUrl(word) : word));
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(redactText);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactText(item)]));
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(req: FastifyRequest) {
  const version = req.headers['accept-version'];
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
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
    schemaController: { compilersFactory: { buildValidator: bodyAsSentValidators() } },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const ownsDatabase = database === undefined;
  const handle =
    database ??
    (await connectDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.statementTimeoutMs,
      poolSize: config.poolSize,
      onPoolError: (error) => app.log.error({ err: error }, 'database pool error'),
    }));
  try {
    if (ownsDatabase) {
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
      await seedReferenceData(handle.db);
      if (config.demo && (await seedDemoData(handle.db))) app.log.info('demo data seeded');
    }
    const secrets = await loadSecrets(config.dataDir, { jwtSecret: config.jwtSecret ?? undefined });
    await app.register(buildApp, { config, secrets, database: handle, ownsDatabase });
    await app.ready();
  } catch (error) {
    if (ownsDatabase) await handle.close();
    throw error;
  }
  return app;
}
