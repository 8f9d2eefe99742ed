/**
 * The home grid over a million deliveries on PostgreSQL, printed as figures (p50/p95/mean),
 * with the plans of its statements:
 * 1. the default page (20 rows by StartTime0, no past, Mine for an employee, `$count`) through
 *    the whole server, signed in as an employee and as an administrator, against the same
 *    SQL run directly: what a first request sends, rows and count (targets: p95 <= 30 ms and
 *    <= 1.5x the SQL); the count is then remembered for a few seconds (count-cache.ts), so the
 *    SQL the next requests send is timed too ("as sent");
 * 2. a page with a column filter and another sort, and a filter value list (<= 50 ms);
 * 3. the default page at 1 and at 10 connections (autocannon, 127.0.0.1; after a short warm-up
 *    under load, 5 rounds of 10 s, server and SQL in turns; see page-load.ts): p50, p95,
 *    throughput and the server's CPU time per request, against the same SQL at as many
 *    connections (target <= 1.5x, of the medians), with the load average beside.
 * Runs in a scratch database it creates and drops on the server of TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test). `npm run bench` runs it. To try a change
 * again without seeding: `BENCH_KEEP_DATABASE=1` keeps the database and prints its URL;
 * `BENCH_DATABASE_URL=<it>` measures it again, `BENCH_CALLS=<part of a name>` picks calls and
 * `BENCH_LOAD_SECONDS=0` leaves out the load runs (`BENCH_LOAD_ROUNDS` sets their rounds).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { entityRowsWritten } from '../../server/engine/count-cache';
import { signIn } from '../support/sign-in';
import { benchDatabase, inProcessServer } from './bench-setup';
import { benchShape } from './deliveries-data';
import {
  captureStatements,
  explainStatement,
  ms,
  oneLine,
  readsDeliveries,
  runStatement,
  timeInTurns,
  type Timing,
} from './deliveries-timing';
import { type LoadSummary, pageUnderLoad, printLoadSummaries } from './page-load';

const runs = Number(process.env.BENCH_RUNS ?? 300);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const concurrency = 10;
const poolSize = 10;
/** A smaller table for a quick try of the bench itself. */
const shape = {
  ...benchShape,
  deliveries: Number(process.env.BENCH_DELIVERIES ?? benchShape.deliveries),
};

const list = '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser';
const calls = {
  'default page': `${list}?$count=true`,
  'default page, no $count': `${list}?$count=false`,
  "State eq 'R', by SiteName": `${list}?${new URLSearchParams({
    $filter: "State eq 'R'",
    $orderby: 'SiteName',
    $count: 'true',
  })}`,
  'value list SiteName ~ road': '/api/Deliveries/FilterValues/SiteName?search=road',
  'value list State': '/api/Deliveries/FilterValues/State',
  // The worst case of a walk: a search no site matches reads the whole index.
  'value list SiteName ~ zq (none)': '/api/Deliveries/FilterValues/SiteName?search=zq',
  'value list MaterialName': '/api/Deliveries/FilterValues/MaterialName',
  'value list UnitCode': '/api/Deliveries/FilterValues/UnitCode',
} as const;
const targets: Record<keyof typeof calls, number> = {
  'default page': 30,
  'default page, no $count': 30,
  "State eq 'R', by SiteName": 50,
  'value list SiteName ~ road': 50,
  'value list State': 50,
  'value list SiteName ~ zq (none)': 50,
  'value list MaterialName': 50,
  'value list UnitCode': 50,
};

interface Measured {
  user: string;
  call: keyof typeof calls;
  rows: string;
  /** The answer's size, bytes. */
  bytes: number;
  server: Timing;
  /** The page's SQL as a first request sends it: rows and count. */
  direct: Timing;
  statements: CompiledQuery[];
  /** The SQL as sent while the count is remembered (see count-cache.ts), when it differs. */
  directAsSent: Timing | null;
  sent: CompiledQuery[];
}

const get = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

function rowsOf(body: string): string {
  const answer = JSON.parse(body) as { '@odata.count'?: number; value?: unknown[] } | unknown[];
  if (Array.isArray(answer)) return `${answer.length} values`;
  const count = answer['@odata.count'];
  return `${answer.value?.length ?? 0} rows${count === undefined ? '' : ` of ${count}`}`;
}

async function measure(
  app: FastifyInstance,
  user: string,
  cookie: string,
  call: keyof typeof calls,
): Promise<Measured | null> {
  const url = calls[call];
  const first = await get(app, url, cookie);
  if (first.statusCode !== 200) {
    console.log(`${user} ${call}: ${first.statusCode} ${first.body.slice(0, 200)}`);
    return null;
  }
  // Counted afresh, then as the next requests send it while the count is remembered.
  entityRowsWritten();
  const statements = await captureStatements(() => get(app, url, cookie));
  const sent = await captureStatements(() => get(app, url, cookie));
  const db = app.db;
  const runAll = (list: readonly CompiledQuery[]) => async () => {
    const [head, ...rest] = list;
    if (head) await runStatement(db, head);
    await Promise.all(rest.map((statement) => runStatement(db, statement)));
  };
  const differs =
    sent.length !== statements.length || sent.some((query, i) => query.sql !== statements[i]?.sql);
  const [server, direct, directAsSent] = await timeInTurns(
    [() => get(app, url, cookie), runAll(statements), ...(differs ? [runAll(sent)] : [])],
    runs,
  );
  const bytes = Buffer.byteLength(first.body);
  return {
    user,
    call,
    rows: rowsOf(first.body),
    bytes,
    server: server!,
    direct: direct!,
    statements,
    directAsSent: directAsSent ?? null,
    sent,
  };
}

const loadRounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 5);
const warmUpSeconds = 3;

/** Only the calls whose names contain this text (all when unset). */
const onlyCalls = process.env.BENCH_CALLS;

const startedAt = performance.now();
console.log(
  `load average at the start: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
const { database, release } = await benchDatabase(shape, poolSize);
const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-bench-'));
try {
  const app = await inProcessServer(database.handle, { DATA_DIR: dataDir });
  try {
    const cookies = {
      employee1: await signIn(app, 'employee1'),
      admin: await signIn(app, 'admin'),
    };
    const results: Measured[] = [];
    for (const [user, cookie] of Object.entries(cookies)) {
      for (const call of Object.keys(calls) as (keyof typeof calls)[]) {
        if (onlyCalls && !call.includes(onlyCalls)) continue;
        const measured = await measure(app, user, cookie, call);
        if (measured) results.push(measured);
      }
    }
    console.table(
      results.map((r) => ({
        user: r.user,
        call: r.call,
        answer: r.rows,
        bytes: r.bytes,
        runs: r.server.runs,
        'server p50': ms(r.server.p50),
        'server p95': ms(r.server.p95),
        'server mean': ms(r.server.mean),
        'SQL p50': ms(r.direct.p50),
        'SQL p95': ms(r.direct.p95),
        'SQL as sent p95': r.directAsSent ? ms(r.directAsSent.p95) : '(same)',
        'p95 ratio': (r.server.p95 / r.direct.p95).toFixed(2),
        target: `p95 <= ${targets[r.call]} ms${r.call.startsWith('default') ? ', <= 1.5x' : ''}`,
        met:
          r.server.p95 <= targets[r.call] &&
          (!r.call.startsWith('default') || r.server.p95 <= 1.5 * r.direct.p95)
            ? 'yes'
            : 'NO',
      })),
    );

    for (const r of results) {
      console.log(
        `\n--- ${r.user}: ${r.call} (${r.statements.length} statements; ${r.sent.length} while ` +
          `the count is remembered) ---`,
      );
      for (const statement of r.statements) console.log(`  ${oneLine(statement)}`);
      for (const statement of r.statements.filter(readsDeliveries)) {
        console.log(`\n  plan of: ${oneLine(statement, 100)}`);
        const plan = await explainStatement(app.db, statement);
        console.log(plan.replace(/^/gm, '    '));
      }
    }

    // The page as specified at 1 and 10 connections, and without its count at 10: what the
    // server adds to cheap SQL.
    const loads: [keyof typeof calls, number][] = [
      ['default page', 1],
      ['default page', concurrency],
      ['default page, no $count', concurrency],
    ];
    const summaries: LoadSummary[] = [];
    for (const [call, connections] of loads) {
      const measured = results.find((r) => r.user === 'employee1' && r.call === call);
      if (!measured || loadSeconds <= 0) continue;
      const page = {
        name: `employee1: ${call}`,
        url: calls[call],
        cookie: cookies.employee1,
        statements: measured.statements,
      };
      const how = { connections, rounds: loadRounds, seconds: loadSeconds, warmUpSeconds };
      summaries.push(await pageUnderLoad(app, page, how));
    }
    if (summaries.length > 0) {
      console.log('\nunder load, medians of the rounds (server against the same SQL):');
      printLoadSummaries(summaries);
    }
  } finally {
    await app.close();
  }
} finally {
  await release();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`\ndeliveries bench done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
