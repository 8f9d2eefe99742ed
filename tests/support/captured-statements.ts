import { type CompiledQuery, DefaultQueryExecutor } from 'kysely';

/**
 * What `work` answers and the statements Kysely sends meanwhile, as sent (text and
 * parameters): every database of the process, so nothing else may run meanwhile (a test's own
 * calls one at a time, a benchmark's single request).
 *
 * @example const [answer, sent] = await capturing(() => client.get('admin', '/odata/UsersOData'));
 */
export async function capturing<T>(work: () => Promise<T>): Promise<[T, CompiledQuery[]]> {
  const captured: CompiledQuery[] = [];
  const executeQuery = DefaultQueryExecutor.prototype.executeQuery;
  DefaultQueryExecutor.prototype.executeQuery = function (this: DefaultQueryExecutor, query) {
    captured.push(query);
    return executeQuery.call(this, query);
  } as typeof executeQuery;
  try {
    return [await work(), captured];
  } finally {
    DefaultQueryExecutor.prototype.executeQuery = executeQuery;
  }
}

/** The statements Kysely sends while `work` runs (see `capturing`). */
export async function captureStatements(work: () => Promise<unknown>): Promise<CompiledQuery[]> {
  return (await capturing(work))[1];
}

/** Whether a statement is the session check (or touch) every signed-in request makes. */
export const isSessionStatement = (statement: CompiledQuery) =>
  /^\s*(select\b[^]*?\bfrom "sessions"|update "sessions")/.test(statement.sql);

/** Whether a statement refills what the server keeps for a few seconds: definitions, settings. */
const refillsCache = (statement: CompiledQuery) =>
  /\bfrom "(data_sources|settings)"/.test(statement.sql);

/**
 * What a call answers and the statements it sends of its own, once the server's caches are
 * warm: besides the session check, and captured again while the server refills a cache it
 * keeps for seconds (or forgot on hearing, a moment later, that a definition changed).
 *
 * @example const { own } = await ownStatements(() => client.get('admin', '/odata/UsersOData'));
 */
export async function ownStatements<T>(call: () => Promise<T>) {
  await call();
  for (let attempt = 1; ; attempt++) {
    const [answer, sent] = await capturing(call);
    if (attempt < 5 && sent.some(refillsCache)) continue;
    return { answer, own: sent.filter((statement) => !isSessionStatement(statement)) };
  }
}
