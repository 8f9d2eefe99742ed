/**
 * One list page under load, printed: the server over HTTP on 127.0.0.1 (autocannon at a given
 * number of connections) against the same SQL sent directly by as many workers, in rounds
 * taken in turns so that both meet the same state of the machine, with the machine's load
 * average (`os.loadavg()`) beside each round, since the benchmarks share it.
 */
import { loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { type ServerLoad, type SqlLoad, serverUnderLoad, sqlUnderLoad } from './deliveries-load';
import { ms } from './deliveries-timing';

export interface PageUnderLoad {
  name: string;
  /** The page's path and query, e.g. `/odata/UsersOData?$count=true`. */
  url: string;
  cookie: string;
  /** What one request sends, as captured (see captureStatements). */
  statements: readonly CompiledQuery[];
}

export interface LoadRounds {
  connections: number;
  rounds: number;
  seconds: number;
  /** A run under load first, not counted: the server's code is optimised only then. */
  warmUpSeconds: number;
}

/** The medians of the rounds of one page at one number of connections. */
export interface LoadSummary {
  page: string;
  connections: number;
  server: { p50: number; p95: number; perSecond: number; cpuPerRequestMs: number };
  sql: { p50: number; p95: number; perSecond: number; cpuPerRoundMs: number };
  /** The 1-minute load average at the start and at the end of the rounds. */
  load: [number, number];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const loadNow = () => loadavg()[0]!;
const loadText = () =>
  `${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/** Runs the rounds, prints each, and answers their medians (see printLoadSummaries). */
export async function pageUnderLoad(
  app: FastifyInstance,
  page: PageUnderLoad,
  how: LoadRounds,
): Promise<LoadSummary> {
  const { connections, rounds: count, seconds } = how;
  const loadBefore = loadNow();
  console.log(
    `\n${page.name}: ${connections} connection(s), ${count} rounds of ${seconds} s each ` +
      `(load average ${loadText()})`,
  );
  await serverUnderLoad(app, page.url, page.cookie, connections, how.warmUpSeconds);
  const rounds: { server: ServerLoad; sql: SqlLoad; load: string }[] = [];
  for (let round = 0; round < count; round++) {
    const server = await serverUnderLoad(app, page.url, page.cookie, connections, seconds);
    const sql = await sqlUnderLoad(app.db, page.statements, connections, seconds);
    rounds.push({ server, sql, load: loadText() });
  }
  console.table(rounds.flatMap((round, index) => roundRows(index + 1, round)));
  const summary: LoadSummary = {
    page: page.name,
    connections,
    server: {
      p50: median(rounds.map((r) => r.server.latency.p50)),
      p95: median(rounds.map((r) => r.server.latency.p95)),
      perSecond: median(rounds.map((r) => r.server.perSecond)),
      cpuPerRequestMs: median(rounds.map((r) => r.server.cpuPerRequestMs)),
    },
    sql: {
      p50: median(rounds.map((r) => r.sql.latency.p50)),
      p95: median(rounds.map((r) => r.sql.latency.p95)),
      perSecond: median(rounds.map((r) => r.sql.perSecond)),
      cpuPerRoundMs: median(rounds.map((r) => r.sql.cpuPerRoundMs)),
    },
    load: [loadBefore, loadNow()],
  };
  return summary;
}

function roundRows(
  round: number,
  { server, sql, load }: { server: ServerLoad; sql: SqlLoad; load: string },
) {
  return [
    {
      round,
      path: 'server (HTTP on 127.0.0.1)',
      requests: server.requests,
      'non-2xx': server.non2xx,
      errors: server.errors,
      'per second': server.perSecond.toFixed(0),
      'p50 ms': ms(server.latency.p50),
      'p95 ms': ms(server.latency.p95),
      'CPU ms/request': ms(server.cpuPerRequestMs),
      'load average': load,
    },
    {
      round,
      path: 'the same SQL directly',
      requests: sql.rounds,
      'per second': sql.perSecond.toFixed(0),
      'p50 ms': ms(sql.latency.p50),
      'p95 ms': ms(sql.latency.p95),
      'CPU ms/request': ms(sql.cpuPerRoundMs),
    },
  ];
}

/**
 * The medians side by side: the server's p50, p95, throughput and CPU per request against the
 * SQL's (its CPU is the sending process's: the driver's, and on PGlite the database's too).
 */
export function printLoadSummaries(summaries: readonly LoadSummary[]): void {
  console.table(
    summaries.map(({ page, connections, server, sql, load }) => ({
      page,
      connections,
      'p50 ms': `${ms(server.p50)} (SQL ${ms(sql.p50)}, ${(server.p50 / sql.p50).toFixed(2)}x)`,
      'p95 ms': `${ms(server.p95)} (SQL ${ms(sql.p95)}, ${(server.p95 / sql.p95).toFixed(2)}x)`,
      'per second': `${server.perSecond.toFixed(0)} (SQL ${sql.perSecond.toFixed(0)}, ${(sql.perSecond / server.perSecond).toFixed(2)}x)`,
      'CPU ms/request': `${ms(server.cpuPerRequestMs)} (SQL ${ms(sql.cpuPerRoundMs)})`,
      'load average': `${load[0].toFixed(2)} -> ${load[1].toFixed(2)}`,
    })),
  );
}
