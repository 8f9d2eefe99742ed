/**
 * The OData list layer under load: a 20-row page of `odata/UsersOData` with a filter, a sort
 * and `$count` over 100,000 users, timed through the whole server (inject), against the
 * same SQL run directly on the database. Prints p50/p95 and the ratio.
 * Run with `npm run bench`; set TEST_DATABASE_URL to measure on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { CompiledQuery, DefaultQueryExecutor, sql } from 'kysely';
import { signIn } from '../support/sign-in';
import { createTestApp } from '../support/test-app';

const rows = 100_000;
const runs = 500;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

interface Timing {
  p50: number;
  p95: number;
}

/** Times calls taken in turns, so that all meet the same load on the machine. */
async function timeInTurns(calls: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (let i = 0; i < 50; i += 1) for (const call of calls) await call();
  const times = calls.map((): number[] => []);
  for (let i = 0; i < runs; i += 1) {
    for (const [index, call] of calls.entries()) {
      const t0 = performance.now();
      await call();
      times[index]!.push(performance.now() - t0);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p95: percentile(list, 95) };
  });
}

const t = await createTestApp({ demo: true });
const db = t.database.db;
const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const fill = performance.now();
await sql`insert into users (name, first_name, surname, email, active)
  select 'user' || lpad(i::text, 6, '0'), 'First' || i, 'Surname' || (i % 997),
         'user' || i || '@bench.test', i % 10 <> 0
  from generate_series(1, ${rows}) as i`.execute(db);
await sql`insert into user_roles (user_id, role_id)
  select u.id, r.id from users u cross join lateral
    (select id from roles order by id offset (u.id % 3) limit 1) r
  where u.name like 'user%'`.execute(db);
// As autovacuum leaves a table in steady use: statistics and visibility map up to date.
await sql`vacuum analyze`.execute(db);
console.log(
  `database: ${kind}; ${rows} users inserted in ${(performance.now() - fill).toFixed(0)} ms`,
);

const cookie = await signIn(t.app, 'admin');
const filter = "Active eq true and startswith(Name,'user01')";
const url = `/odata/UsersOData?${new URLSearchParams({
  $filter: filter,
  $orderby: 'Name',
  $top: '20',
  $skip: '40',
  $count: 'true',
})}`;
// The request's own SQL, captured as the server sends it (statements and parameters), once
// its caches are warm.
await t.app.inject({ method: 'GET', url, headers: { cookie } });
const captured: CompiledQuery[] = [];
const executeQuery = DefaultQueryExecutor.prototype.executeQuery;
DefaultQueryExecutor.prototype.executeQuery = function (this: DefaultQueryExecutor, query) {
  captured.push(query);
  return executeQuery.call(this, query);
} as typeof executeQuery;
const check = await t.app.inject({ method: 'GET', url, headers: { cookie } });
DefaultQueryExecutor.prototype.executeQuery = executeQuery;
if (check.statusCode !== 200) throw new Error(`${check.statusCode} ${check.body}`);
const body = check.json<{ '@odata.count': number; value: unknown[] }>();
console.log(`page: ${body.value.length} rows of ${body['@odata.count']} matching`);
console.log(`the request runs ${captured.length} statements:`);
for (const query of captured) console.log(`  ${query.sql.replace(/\s+/g, ' ').slice(0, 110)}...`);

// The same statements run directly without plugins, what the database alone costs: one after
// the other, and side by side as the server runs them.
const raw = db.withoutPlugins();
const run = (query: CompiledQuery) =>
  raw.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
const [server, direct, sideBySide] = (await timeInTurns([
  () => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  async () => {
    for (const query of captured) await run(query);
  },
  async () => {
    await run(captured[0]!);
    await Promise.all(captured.slice(1).map(run));
  },
])) as [Timing, Timing, Timing];
console.table([
  {
    path: 'server: GET odata/UsersOData (filter, sort, $count)',
    'p50 ms': server.p50.toFixed(2),
    'p95 ms': server.p95.toFixed(2),
  },
  {
    path: 'the same SQL run directly, one after the other',
    'p50 ms': direct.p50.toFixed(2),
    'p95 ms': direct.p95.toFixed(2),
  },
  {
    path: 'the same SQL run directly, count and rows side by side',
    'p50 ms': sideBySide.p50.toFixed(2),
    'p95 ms': sideBySide.p95.toFixed(2),
  },
]);
const ratio = (of: keyof Timing, to: Timing) => (server[of] / to[of]).toFixed(2);
console.log(
  `ratio server/direct: p50 ${ratio('p50', direct)}x, p95 ${ratio('p95', direct)}x ` +
    `(to side by side: p50 ${ratio('p50', sideBySide)}x, p95 ${ratio('p95', sideBySide)}x)`,
);
await t.close();
