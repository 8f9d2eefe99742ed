/**
 * The OData list layer under load: a 20-row page of `odata/UsersOData` with a filter, a sort
 * and `$count` over 100,000 users, timed through the whole server (inject), against the
 * same SQL run directly on the database. Prints p50/p95 and the ratio.
 * Run with `npm run bench`; set TEST_DATABASE_URL to measure on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { signIn } from '../support/sign-in';
import { createTestApp } from '../support/test-app';

const rows = 100_000;
const runs = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function time(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
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
const check = await t.app.inject({ method: 'GET', url, headers: { cookie } });
if (check.statusCode !== 200) throw new Error(`${check.statusCode} ${check.body}`);
const body = check.json<{ '@odata.count': number; value: unknown[] }>();
console.log(`page: ${body.value.length} rows of ${body['@odata.count']} matching`);

const server = await time(() => t.app.inject({ method: 'GET', url, headers: { cookie } }));
// The same work written by hand: the page of keys and its count, then the rows with their roles.
const direct = await time(async () => {
  const page = await sql<{ id: number }>`select id from users
    where active and name like 'user01%' order by name, id limit 20 offset 40`.execute(db);
  await sql`select count(*) from users where active and name like 'user01%'`.execute(db);
  const ids = page.rows.map((row) => row.id);
  await sql`select u.*, c.company_name from users u left join companies c on c.id = u.company_id
    where u.id = any(${ids})`.execute(db);
  await sql`select ur.user_id, r.id, r.name, r.is_admin from user_roles ur
    join roles r on r.id = ur.role_id where ur.user_id = any(${ids})`.execute(db);
});
console.table([
  {
    path: 'server: GET odata/UsersOData (filter, sort, $count)',
    'p50 ms': server.p50.toFixed(2),
    'p95 ms': server.p95.toFixed(2),
  },
  {
    path: 'direct SQL (same page, count, rows, roles)',
    'p50 ms': direct.p50.toFixed(2),
    'p95 ms': direct.p95.toFixed(2),
  },
]);
console.log(
  `ratio server/direct: p50 ${(server.p50 / direct.p50).toFixed(2)}x, p95 ${(server.p95 / direct.p95).toFixed(2)}x`,
);
await t.close();
