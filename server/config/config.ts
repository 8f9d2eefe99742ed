import { Ajv } from 'ajv';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { FromSchema } from 'json-schema-to-ts';

const configSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, default: '127.0.0.1' },
    DATA_DIR: { type: 'string', minLength: 1, default: './data' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DEMO: { type: 'string', enum: ['0', '1', 'true', 'false'] },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    SLOW_REQUEST_MS: { type: 'integer', minimum: 1, default: 1000 },
    PUBLIC_URL: { type: 'string', pattern: '^https?://' },
    JWT_SECRET: { type: 'string', minLength: 32 },
    TRUST_PROXY: { type: 'string', enum: ['0', '1', 'true', 'false'], default: 'false' },
    REQUEST_TIMEOUT_MS: { type: 'integer', minimum: 1000, default: 30000 },
    BODY_LIMIT_BYTES: { type: 'integer', minimum: 1024, default: 1048576 },
    DB_STATEMENT_TIMEOUT_MS: { type: 'integer', minimum: 100, default: 15000 },
    DB_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 200, default: 10 },
    STATIC_DIR: { type: 'string', minLength: 1 },
    AUTH_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1, default: 20 },
    AUTH_GLOBAL_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 1 },
    AUTH_HASH_CONCURRENCY: { type: 'integer', minimum: 1 },
    AUTH_HASH_QUEUE: { type: 'integer', minimum: 0, default: 32 },
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    MAIL_FROM: { type: 'string', minLength: 3, default: 'Asphalt Scheduler <no-reply@localhost>' },
    JOBS: { type: 'string', enum: ['0', '1', 'true', 'false'], default: 'true' },
    TIME_ZONE: { type: 'string', minLength: 1, maxLength: 64, default: 'Europe/London' },
    // A tile URL template with {z}, {x} and {y} (and {s} for subdomains), http(s) only.
    MAP_TILE_URL: {
      type: 'string',
      maxLength: 500,
      pattern: '^(?=.*\\{z\\})(?=.*\\{x\\})(?=.*\\{y\\})https?://[^\\s<>"]+$',
    },
    MAP_TILE_ATTRIBUTION: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const;

type RawConfig = FromSchema<typeof configSchema>;

export interface AppConfig {
  port: number;
  /** Loopback by default, so the demo's one-click administrator stays on this machine. */
  host: string;
  dataDir: string;
  /** Absent: embedded PGlite under dataDir. */
  databaseUrl: string | null;
  demo: boolean;
  logLevel: string;
  /** A request taking this long or longer is logged at info (every request is at debug). */
  slowRequestMs: number;
  publicUrl: string | null;
  /** Absent: generated once and kept in dataDir. */
  jwtSecret: string | null;
  trustProxy: boolean;
  requestTimeoutMs: number;
  bodyLimitBytes: number;
  statementTimeoutMs: number;
  poolSize: number;
  /** The built browser app (index.html and assets). */
  staticDir: string;
  /** Sign-in attempts allowed per client address and minute. */
  authRateLimitPerMinute: number;
  /**
   * Sign-in attempts allowed per minute from all addresses together (trusted devices aside);
   * null: as many as the server can hash at the pace of its recent hashes.
   */
  authGlobalRateLimitPerMinute: number | null;
  /** Password hashes run at once; absent: the number of CPU cores. */
  authHashConcurrency: number;
  /** Password hashes waiting for a turn before sign-in answers 503. */
  authHashQueue: number;
  /** `smtp://user:pass@host:587` (or `smtps://`); absent: mail stays in the outbox table. */
  smtpUrl: string | null;
  /** Sender of every mail, e.g. `Asphalt <no-reply@example.com>`. */
  mailFrom: string;
  /**
   * Run scheduled and asked-for jobs on this instance (the forecast refresh, housekeeping...);
   * off in tests unless asked for. An instance without them still sends the runs an
   * administrator asks for, for another instance to run.
   */
  jobs: boolean;
  /** The IANA time zone new job schedules are kept in. */
  timeZone: string;
  /**
   * The deliveries map's tile server, e.g. `https://tile.example.org/{z}/{x}/{y}.png`; absent:
   * the map draws the outline it ships with only.
   */
  mapTileUrl: string | null;
  /** Credit shown on the map for those tiles (plain text). */
  mapTileAttribution: string | null;
}

const truthy = (value: string | undefined) => value === '1' || value === 'true';

/**
 * Reads and validates the configuration from environment variables.
 * Throws with every invalid variable named when the environment is wrong.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Ajv as env-schema set it up (coerced, defaulted, other variables dropped), without the
  // meta-schema check of a schema written here: env-schema built three validators and
  // compiled the meta-schema twice, a tenth of a second of every start.
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: true,
    useDefaults: true,
    removeAdditional: true,
    allowUnionTypes: true,
    addUsedSchema: false,
    meta: false,
    validateSchema: false,
  });
  const raw: unknown = { ...env };
  if (!ajv.validate<RawConfig>({ ...configSchema, additionalProperties: false }, raw)) {
    throw new Error(ajv.errorsText(ajv.errors, { dataVar: 'env' }));
  }
  const databaseUrl = raw.DATABASE_URL ?? null;
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl,
    demo: raw.DEMO === undefined ? databaseUrl === null : truthy(raw.DEMO),
    logLevel: raw.LOG_LEVEL,
    slowRequestMs: raw.SLOW_REQUEST_MS,
    publicUrl: raw.PUBLIC_URL ?? null,
    jwtSecret: raw.JWT_SECRET ?? null,
    trustProxy: truthy(raw.TRUST_PROXY),
    requestTimeoutMs: raw.REQUEST_TIMEOUT_MS,
    bodyLimitBytes: raw.BODY_LIMIT_BYTES,
    statementTimeoutMs: raw.DB_STATEMENT_TIMEOUT_MS,
    poolSize: raw.DB_POOL_SIZE,
    staticDir: path.resolve(raw.STATIC_DIR ?? 'dist/app'),
    authRateLimitPerMinute: raw.AUTH_RATE_LIMIT_PER_MINUTE,
    authGlobalRateLimitPerMinute: raw.AUTH_GLOBAL_RATE_LIMIT_PER_MINUTE ?? null,
    authHashConcurrency: raw.AUTH_HASH_CONCURRENCY ?? availableParallelism(),
    authHashQueue: raw.AUTH_HASH_QUEUE,
    smtpUrl: raw.SMTP_URL ?? null,
    mailFrom: raw.MAIL_FROM,
    jobs: truthy(raw.JOBS),
    timeZone: raw.TIME_ZONE,
    mapTileUrl: raw.MAP_TILE_URL ?? null,
    mapTileAttribution: raw.MAP_TILE_ATTRIBUTION ?? null,
  };
}
