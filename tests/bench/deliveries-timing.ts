/**
 * Timing helpers of the deliveries benchmark: percentiles, calls timed in turns, and the SQL
 * a request sends, captured so that the same statements can be timed (and explained) alone.
 */
import { performance } from 'node:perf_hooks';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Database } from '../../server/db/schema';

export interface Timing {
  p50: number;
  p95: number;
  mean: number;
  runs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

export function timingOf(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, time) => sum + time, 0) / Math.max(1, sorted.length);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), mean, runs: sorted.length };
}

/**
 * Times calls taken in turns (after a warm-up), so that all meet the same load on the machine:
 * `runs` turns, or fewer (at least 10) when they take longer than `budgetMs` in all.
 */
export async function timeInTurns(
  calls: readonly (() => Promise<unknown>)[],
  runs: number,
  budgetMs = 30_000,
): Promise<Timing[]> {
  const warmUp = Math.min(30, Math.ceil(runs / 10));
  const warm = performance.now() + budgetMs / 10;
  for (let i = 0; i < warmUp && (i < 2 || performance.now() < warm); i += 1) {
    for (const call of calls) await call();
  }
  const times = calls.map((): number[] => []);
  const until = performance.now() + budgetMs;
  for (let i = 0; i < runs && (i < 10 || performance.now() < until); i += 1) {
    for (const [index, call] of calls.entries()) {
      const t0 = performance.now();
      await call();
      times[index]!.push(performance.now() - t0);
    }
  }
  return times.map(timingOf);
}

export { captureStatements } from '../support/captured-statements';

/** Runs a captured statement again, as is, without the app (no plugins, no hooks). */
export function runStatement(db: Kysely<Database>, query: CompiledQuery) {
  return db.withoutPlugins().executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
}

/** Does a statement read deliveries (the ones worth timing and explaining)? */
export const readsDeliveries = (query: CompiledQuery) => /\bdeliveries\b/.test(query.sql);

/** The plan PostgreSQL runs for a captured statement, with actual times and buffers. */
export async function explainStatement(
  db: Kysely<Database>,
  query: CompiledQuery,
): Promise<string> {
  const explained = await db
    .withoutPlugins()
    .executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers, costs off) ${query.sql}`, [
        ...query.parameters,
      ]),
    );
  return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** A statement shortened to one line, for the report. */
export const oneLine = (query: CompiledQuery, length = 160) =>
  query.sql.replace(/\s+/g, ' ').slice(0, length);

/** Milliseconds, two decimals. */
export const ms = (value: number) => value.toFixed(2);

/** How many deliveries the table holds and how big it is with its indexes, for the report. */
export async function tableSize(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ rows: string; size: string }>`
    select count(*)::text as rows, pg_size_pretty(pg_total_relation_size('deliveries')) as size
    from deliveries`.execute(db);
  return `${rows[0]!.rows} deliveries, ${rows[0]!.size} with indexes`;
}
