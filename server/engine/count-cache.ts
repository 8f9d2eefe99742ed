import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { EntityStorage } from '#metadata';
import type { ODataQuery } from '#platform/core';
import type { Database } from '../db/schema';
import {
  type AnyDb,
  countStatement,
  listRows,
  type ListOptions,
  type ListResult,
} from './odata/index';

/**
 * Capped counts (see ListDefaults.countLimit) remembered for a few seconds, so that the pages,
 * refreshes and sorts of a million-row grid do not count the same rows again: as a perf
 * optimisation, the count costs as much as the page it goes with.
 *
 * A count is known by its statement (text and parameters), which holds all that decides it:
 * the caller's row scope, their `Mine`, the call's restriction and the grid's filter. Any
 * write of entity rows through the engine forgets every count: `entityRowsWritten` is called
 * once the write's statement ran and again once its transaction ended, and a count read while
 * a write was under way is not kept. A write that does not go through the engine (another app
 * instance's, a seed) shows in the count within `countFreshMs` at most.
 */
export const countFreshMs = 5_000;
const maxCounts = 1_000;

interface Remembered {
  count: number;
  readAt: number;
  generation: number;
}

/** Bumped by every engine write: a count remembered at another generation is forgotten. */
let generation = 0;
const countsByDatabase = new WeakMap<object, Map<string, Remembered>>();

/** Tells the cache that entity rows changed (or may have, in a transaction still open). */
export function entityRowsWritten(): void {
  generation += 1;
}

/**
 * Runs `work` in a new transaction that writes entity rows, and tells the cache when it ended
 * (committed or not): a module saving several rows in one transaction opens it this way.
 *
 * @example await writeTransaction(app.db, (trx) => saveEntity(trx, access, row));
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } finally {
    entityRowsWritten();
  }
}

/** What identifies a count: its statement's text and parameters. */
export function countKey(statement: CompiledQuery): string {
  return `${statement.sql}\u0000${JSON.stringify(statement.parameters)}`;
}

function countsOf(database: object): Map<string, Remembered> {
  let counts = countsByDatabase.get(database);
  if (!counts) countsByDatabase.set(database, (counts = new Map()));
  return counts;
}

/** The count remembered for `key` on `database`, if no write came since and it is fresh. */
export function rememberedCount(database: object, key: string, now = Date.now()) {
  const counts = countsOf(database);
  const remembered = counts.get(key);
  if (!remembered) return undefined;
  if (remembered.generation === generation && now - remembered.readAt < countFreshMs) {
    return remembered.count;
  }
  counts.delete(key);
  return undefined;
}

/**
 * Starts reading a count: `remember` keeps what was read unless an engine write came
 * meanwhile (it might be counted or not).
 */
export function readingCount(database: object, key: string, now = Date.now()) {
  const startedAt = generation;
  return {
    remember(count: number) {
      if (generation !== startedAt) return;
      const counts = countsOf(database);
      counts.delete(key);
      // The oldest go first: a Map keeps the order keys were set in.
      if (counts.size >= maxCounts) counts.delete(counts.keys().next().value!);
      counts.set(key, { count, readAt: now, generation: startedAt });
    },
  };
}

/**
 * `listRows` with its capped count remembered: the same count asked again within
 * `countFreshMs`, with no engine write between, is not sent again (only checked against the
 * page, see listRows' `knownCount`). Lists without `countLimit` count every time.
 */
export async function listRowsCountRemembered(
  db: Kysely<Database>,
  storage: EntityStorage,
  query: ODataQuery,
  options: ListOptions,
): Promise<ListResult> {
  const sqlDb: AnyDb = db.withoutPlugins();
  const { countLimit } = options;
  // A transaction would count its own writes, which no one else sees yet.
  if (!query.count || countLimit === undefined || db.isTransaction) {
    return listRows(sqlDb, storage, query, options);
  }
  const key = countKey(countStatement(sqlDb, storage, query, options));
  const knownCount = rememberedCount(db, key);
  const reading = readingCount(db, key);
  const listed = await listRows(sqlDb, storage, query, {
    ...options,
    ...(knownCount === undefined ? {} : { knownCount }),
  });
  // Above the limit, the count is remembered as the limit + 1, as countRows answers it.
  const counted = listed.countCapped ? countLimit + 1 : listed.count;
  if (counted !== null && counted !== knownCount) reading.remember(counted);
  return listed;
}
