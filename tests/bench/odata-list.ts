/**
 * The users page under load, printed as figures (no pass/fail): `odata/UsersOData` over
 * 100,000 users (each with a role, a plant and a group), as the admin grid asks its first page
 * (active users by name, 20, `$count`) and a filtered third page:
 * 1. through the whole server (inject), one request at a time, against the same SQL run
 *    directly (one statement after the other, and count and rows side by side);
 * 2. at 1 and at 10 connections (autocannon over 127.0.0.1, see page-load.ts): p50, p95,
 *    throughput and the server's CPU per request against the same SQL, with the load average.
 * Run with `npm run bench`; set TEST_DATABASE_URL to measure on PostgreSQL (a pool of 10, as
 * production). `BENCH_LOAD_SECONDS=0` leaves out the load runs (`BENCH_LOAD_ROUNDS` sets their
 * rounds), `BENCH_CALLS=<part of a name>` picks pages.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type CompiledQuery, sql } from 'kysely';
import { signIn } from '../support/sign-in';
import { createTestApp } from '../support/test-app';
import {
  captureStatements,
  ms,
  oneLine,
  runStatement,
  timeInTurns,
  type Timing,
} from './deliveries-timing';
import { type LoadSummary, pageUnderLoad, printLoadSummaries } from './page-load';

const rows = 100_000;
const runs = 500;
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const loadRounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const onlyCalls = process.env.BENCH_CALLS;

const users = '/odata/UsersOData';
const pages = {
  'grid first page (active, by name)': `${users}?${new URLSearchParams({
    $top: '20',
    $skip: '0',
    $orderby: 'Name asc',
    $filter: '(Active eq true)',
    $count: 'true',
  })}`,
  "filtered third page (startswith 'user01')": `${users}?${new URLSearchParams({
    $filter: "Active eq true and startswith(Name,'user01')",
    $orderby: 'Name',
    $top: '20',
    $skip: '40',
    $count: 'true',
  })}`,
} as const;

const loadText = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

console.log(`load average at the start: ${loadText()}`);
const t = await createTestApp({ demo: true, poolSize: 10 });
const db = t.database.db;
const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const fill = performance.now();
await sql`insert into users (name, first_name, surname, email, active)
  select 'user' || lpad(i::text, 6, '0'), 'First' || i, 'Surname' || (i % 997),
         'user' || i || '@bench.test', i % 10 <> 0
  from generate_series(1, ${rows}) as i`.execute(db);
for (const [link, items, column] of [
  ['user_roles', 'roles', 'role_id'],
  ['user_units', 'units', 'unit_id'],
  ['user_groups', 'groups', 'group_id'],
] as const) {
  await sql`insert into ${sql.table(link)} (user_id, ${sql.ref(column)})
    select u.id, i.id from users u cross join lateral
      (select id from ${sql.table(items)} order by id
       offset (u.id % (select count(*) from ${sql.table(items)})) limit 1) i
    where u.name like 'user%'`.execute(db);
}
// As autovacuum leaves a table in steady use: statistics and visibility map up to date.
await sql`vacuum analyze`.execute(db);
console.log(
  `database: ${kind}; ${rows} users inserted, each with a role, a plant and a group, in ` +
    `${(performance.now() - fill).toFixed(0)} ms`,
);

const cookie = await signIn(t.app, 'admin');
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

interface Measured {
  page: keyof typeof pages;
  statements: CompiledQuery[];
  server: Timing;
  direct: Timing;
  sideBySide: Timing;
}

async function measure(page: keyof typeof pages): Promise<Measured> {
  const url = pages[page];
  // The request's own SQL, captured as the server sends it, once its caches are warm.
  await get(url);
  let answer = await get(url);
  const statements = await captureStatements(async () => (answer = await get(url)));
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
  const body = answer.json<{ '@odata.count': number; value: unknown[] }>();
  console.log(`\n${page}: ${body.value.length} rows of ${body['@odata.count']} matching`);
  console.log(`the request sends ${statements.length} statements:`);
  for (const statement of statements) console.log(`  ${oneLine(statement, 110)}...`);
  const [head, ...rest] = statements;
  const [server, direct, sideBySide] = await timeInTurns(
    [
      () => get(url),
      async () => {
        for (const statement of statements) await runStatement(db, statement);
      },
      async () => {
        if (head) await runStatement(db, head);
        await Promise.all(rest.map((statement) => runStatement(db, statement)));
      },
    ],
    runs,
  );
  return { page, statements, server: server!, direct: direct!, sideBySide: sideBySide! };
}

const measured: Measured[] = [];
for (const page of Object.keys(pages) as (keyof typeof pages)[]) {
  if (!onlyCalls || page.includes(onlyCalls)) measured.push(await measure(page));
}
console.log(`\none request at a time (inject), load average ${loadText()}:`);
console.table(
  measured.map(({ page, statements, server, direct, sideBySide }) => ({
    page,
    statements: statements.length,
    'server p50': ms(server.p50),
    'server p95': ms(server.p95),
    'SQL one after the other p50': ms(direct.p50),
    'SQL p95': ms(direct.p95),
    'SQL side by side p50': ms(sideBySide.p50),
    'SQL side by side p95': ms(sideBySide.p95),
    'p95 ratio': `${(server.p95 / direct.p95).toFixed(2)}x (${(server.p95 / sideBySide.p95).toFixed(2)}x)`,
  })),
);

const summaries: LoadSummary[] = [];
if (loadSeconds > 0) {
  for (const { page, statements } of measured) {
    for (const connections of [1, 10]) {
      const how = { connections, rounds: loadRounds, seconds: loadSeconds, warmUpSeconds: 2 };
      const loaded = { name: page, url: pages[page], cookie, statements };
      summaries.push(await pageUnderLoad(t.app, loaded, how));
    }
  }
  console.log(`\nthe users page on ${kind} under load, medians of the rounds:`);
  printLoadSummaries(summaries);
}
await t.close();
