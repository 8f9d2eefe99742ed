/**
 * SQLSTATEs saying the database cannot serve now (it is shutting down, restarting, out of
 * connections or resources, or it ended this session), as opposed to a statement it refused.
 */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: a restart, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout: the session is gone
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
]);

/** What node-postgres says when the connection broke under it or could not be made. */
const unavailableMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^driver has already been destroyed/,
  /^PGlite is closed/,
  /^Database is closed/,
  /^Database did not answer in time/,
];

/** Network failures reaching the database server. */
const unavailableSystemCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

function isUnavailableItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // The embedded database (PostgreSQL compiled to WebAssembly) failed inside: a fault of the
  // database, not of the request.
  if (error instanceof WebAssembly.RuntimeError) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true; // connection_exception
    if (unavailableStates.has(code) || unavailableSystemCodes.has(code)) return true;
  }
  return typeof message === 'string' && unavailableMessages.some((m) => m.test(message));
}

/**
 * Whether `error` (or an error it was caused by) means the database is unreachable or went
 * away, so the caller should be told to try again (503) rather than that the server failed.
 *
 * @example isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' })) // true
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let at: unknown = error; at !== undefined && at !== null && !seen.has(at);) {
    seen.add(at);
    if (isUnavailableItself(at)) return true;
    if (at instanceof AggregateError && at.errors.some(isDatabaseUnavailable)) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait (`Retry-After`) while the database is away. */
export const databaseRetryAfterSeconds = 5;

export const databaseUnavailableMessage =
  'The database is not available at the moment. Please try again in a few seconds.';
