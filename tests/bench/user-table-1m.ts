/**
 * A user table (a data source designed through the API) at a million rows on PostgreSQL, with
 * the server in a process of its own as `npm run serve` runs it, over HTTP on 127.0.0.1;
 * printed as figures (not pass/fail):
 * 1. 10,000 rows created through `POST api/dataSources/{id}/data` by 8 clients at once, as an
 *    office would (target <= 20 s), with the statements a POST runs and the CPU it costs the
 *    server, the clients and the machine;
 * 2. the table filled to 1,000,000 rows in SQL (`insert ... select generate_series`: 200
 *    inspectors, dates over two years, scores 0-10), then `vacuum analyze`;
 * 3. 20-row pages with `$count=true`: filtered on an inspector or on a month and sorted on the
 *    date, filtered on a score and sorted on the key, and sorted only: 200 requests each after
 *    a warm-up, p50/p95/max (target p95 <= 50 ms), and the plans of their statements;
 * 4. Score changed from Integer to Number (`PUT api/dataSources`) over the million rows: its
 *    time, and the list asked again and again meanwhile (are reads blocked?);
 * 5. the data source deleted.
 * Runs in a scratch database it creates and drops on the server of TEST_DATABASE_URL (or
 * DATABASE_URL); without either it prints a note and does nothing. `npm run bench` runs it.
 * `BENCH_KEEP_DATABASE=1` keeps the database with its table (not deleted) and prints its URL;
 * `BENCH_INSERTS_ONLY=1` stops after step 1 (to measure a change to the write path quickly).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DataSourceView } from '#metadata';
import { signIn } from '../support/sign-in';
import { inProcessServer } from './bench-setup';
import { createBenchDatabase } from './deliveries-data';
import {
  captureStatements,
  explainStatement,
  ms,
  oneLine,
  percentile,
  timingOf,
} from './deliveries-timing';
import { startServerProcess } from './server-process';

const apiRows = 10_000;
const totalRows = 1_000_000;
const clients = 8;
const runs = 200;
const warmUp = 20;
const targets = { insertSeconds: 20, p95Ms: 50 };
const met = (ok: boolean) => (ok ? 'yes' : 'NO');
/** Keep the scratch database, its table filled (and not deleted), and print its URL. */
const keep = process.env.BENCH_KEEP_DATABASE === '1';
const insertsOnly = process.env.BENCH_INSERTS_ONLY === '1';

/** CPU seconds a process has used (`/proc/{pid}/stat`, user and system, 100 ticks a second). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's CPU seconds so far, busy and in all (`/proc/stat`, every core). */
async function machineSeconds(): Promise<{ busy: number; total: number }> {
  const ticks = (await readFile('/proc/stat', 'utf8'))
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  const idle = ticks[3]! + ticks[4]!;
  return { busy: (total - idle) / 100, total: total / 100 };
}

const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!baseUrl) {
  console.log('user table bench: skipped (PostgreSQL only: set TEST_DATABASE_URL or DATABASE_URL)');
  process.exit(0);
}

const definition = {
  Name: 'Bench inspections',
  PrimaryKeyField: 'Ref',
  SchemaDefinition: {
    type: 'object',
    properties: {
      Ref: { type: 'string', maxLength: 20 },
      Inspected: { type: 'string', format: 'date' },
      Inspector: { type: 'string', maxLength: 100 },
      Score: { type: 'integer', minimum: 0, maximum: 10 },
      Passed: { type: 'boolean', default: false },
      Notes: { type: 'string' },
    },
    required: ['Ref', 'Inspector'],
  },
};

/** The inspection `n` as the API takes it (the SQL fill draws from the same distributions). */
function inspection(n: number) {
  const day = new Date(Date.UTC(2024, 6, 1) + ((n * 7919) % 730) * 86_400_000);
  const score = (n * 31) % 11;
  return {
    Ref: `INS-${String(n).padStart(7, '0')}`,
    Inspected: day.toISOString().slice(0, 10),
    Inspector: `Inspector ${1 + ((n * 7) % 200)}`,
    Score: score,
    Passed: score >= 5,
    ...(n % 3 === 0 ? {} : { Notes: `Checked joints and surface, batch ${n % 97}` }),
  };
}

/** Thrown after step 1 when only the inserts are measured (the finally block still cleans up). */
class StopAfterInserts extends Error {}

const startedAt = performance.now();
const database = await createBenchDatabase(baseUrl, 4);
const db = database.handle.db;
const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-bench-'));
const env = {
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  JOBS: '0',
};
const closing: (() => Promise<unknown>)[] = [];
try {
  // The in-process server signs in and shows the statements a call sends (to explain them);
  // every measured call goes to the server process.
  const app = await inProcessServer(database.handle, { ...env, LOG_LEVEL: 'info' });
  closing.push(() => app.close());
  const server = await startServerProcess(env);
  closing.push(() => server.close());
  const cookie = await signIn(app, 'admin');
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.origin}${url}`, {
      method,
      ...(body === undefined
        ? { headers }
        : {
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
    });
    return { status: response.status, text: await response.text() };
  };
  const created = await call('POST', '/api/dataSources', definition);
  if (created.status !== 200)
    throw new Error(`creating the table: ${created.status} ${created.text}`);
  const view = JSON.parse(created.text) as DataSourceView;
  const rowsUrl = `/api/dataSources/${view.Id}/data`;
  const table = `udt.t${view.Id}`;
  const properties = (
    view.SchemaDefinition as { properties: Record<string, { 'x-field-id': number }> }
  ).properties;
  const column = (field: string) => `c${properties[field]!['x-field-id']}`;
  console.log(
    `database: PostgreSQL (scratch database on ${new URL(baseUrl).host}); server: a process of ` +
      `its own (npm run serve's command), HTTP on 127.0.0.1; data source ${view.Id} ` +
      `"${view.Name}" is ${table}`,
  );

  const posted = await captureStatements(() =>
    app.inject({
      method: 'POST',
      url: rowsUrl,
      headers: { cookie },
      payload: { Json: inspection(1) },
    }),
  );
  console.log(`a row's POST runs ${posted.length} statements:`);
  for (const statement of posted) console.log(`  ${oneLine(statement, 150)}`);

  // 1. Rows through the API, 8 clients at once (the first one was posted above).
  let next = 2;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const insertStarted = performance.now();
  const serverCpuBefore = await cpuSeconds(server.pid);
  const clientCpuBefore = process.cpuUsage();
  const machineBefore = await machineSeconds();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next <= apiRows) {
        const n = next++;
        const t0 = performance.now();
        const { status, text } = await call('POST', rowsUrl, { Json: inspection(n) });
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 200 && (statuses.get(status) ?? 0) <= 3)
          console.log(`POST ${status}: ${text}`);
      }
    }),
  );
  const insertSeconds = (performance.now() - insertStarted) / 1000;
  const serverCpu = (await cpuSeconds(server.pid)) - serverCpuBefore;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const machineAfter = await machineSeconds();
  const machineBusy = machineAfter.busy - machineBefore.busy;
  const machineTotal = machineAfter.total - machineBefore.total;
  const inserted = timingOf(latencies);
  console.log(
    `\n1. ${apiRows} rows through POST ${rowsUrl}, ${clients} clients at once (figures of ` +
      `the last ${apiRows - 1}; CPU: user and system time per row of the server's process and ` +
      `of this one, the clients'; the rest of the machine's is mostly PostgreSQL's):`,
  );
  console.table([
    {
      rows: apiRows - 1,
      answers: [...statuses].map(([status, n]) => `${status}: ${n}`).join(', '),
      s: insertSeconds.toFixed(2),
      'rows/s': Math.round((apiRows - 1) / insertSeconds),
      'request p50 ms': ms(inserted.p50),
      'request p95 ms': ms(inserted.p95),
      'server CPU ms/row': ms((serverCpu * 1000) / (apiRows - 1)),
      'bench CPU ms/row': ms((clientCpu.user + clientCpu.system) / 1000 / (apiRows - 1)),
      'machine busy': `${((100 * machineBusy) / machineTotal).toFixed(0)}% of ${availableParallelism()} cores`,
      target: `<= ${targets.insertSeconds} s`,
      met: met(insertSeconds <= targets.insertSeconds),
    },
  ]);

  if (insertsOnly) throw new StopAfterInserts();

  // 2. The rest in SQL.
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', 'admin')
    .executeTakeFirstOrThrow();
  const fillStarted = performance.now();
  // One session, so that the seed makes the same table every run.
  await db.transaction().execute(async (trx) => {
    await sql`select setseed(0.42)`.execute(trx);
    await sql`insert into ${sql.table(table)} (${sql.join(
      ['Ref', 'Inspected', 'Inspector', 'Score', 'Passed', 'Notes'].map((f) => sql.ref(column(f))),
    )}, created_by, updated_by)
    select 'INS-' || lpad(i::text, 7, '0'),
      date '2024-07-01' + (random() * 729)::integer,
      'Inspector ' || (1 + (random() * 199)::integer),
      score, score >= 5,
      case when i % 3 = 0 then null else 'Checked joints and surface, batch ' || (i % 97) end,
      ${admin.id}, ${admin.id}
    from (select i, (random() * 10)::integer as score
      from generate_series(${apiRows + 1}::integer, ${totalRows}::integer) as i) as drawn`.execute(
      trx,
    );
  });
  const fillMs = performance.now() - fillStarted;
  const analyzeStarted = performance.now();
  // As autovacuum leaves a table in steady use: statistics and visibility map up to date.
  await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  const { rows: sized } = await sql<{ n: number; size: string }>`select count(*)::integer as n,
    pg_size_pretty(pg_total_relation_size(${table}::regclass)) as size
    from ${sql.table(table)}`.execute(db);
  console.log(
    `\n2. filled to ${sized[0]!.n} rows in SQL in ${(fillMs / 1000).toFixed(1)} s, vacuum ` +
      `analyze ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s; ` +
      `${sized[0]!.size} with indexes`,
  );

  // 3. Pages through the server.
  const pages: Record<string, Record<string, string>> = {
    "Inspector eq 'Inspector 17', by Inspected desc": {
      $filter: "Inspector eq 'Inspector 17'",
      $orderby: 'Inspected desc',
    },
    'Inspected in March 2025, by Inspected desc': {
      $filter: 'Inspected ge 2025-03-01 and Inspected lt 2025-04-01',
      $orderby: 'Inspected desc',
    },
    'Score ge 9, by Ref, third page': { $filter: 'Score ge 9', $orderby: 'Ref', $skip: '40' },
    'no filter, by Inspected desc': { $orderby: 'Inspected desc' },
    'no filter, by Inspector': { $orderby: 'Inspector' },
  };
  const urlOf = (params: Record<string, string>) =>
    `${rowsUrl}?${new URLSearchParams({ ...params, $top: '20', $count: 'true' })}`;
  const measured = [];
  for (const [name, params] of Object.entries(pages)) {
    const url = urlOf(params);
    const first = await call('GET', url);
    if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.text}`);
    const answer = JSON.parse(first.text) as { '@odata.count': number; value: unknown[] };
    for (let i = 0; i < warmUp; i++) await call('GET', url);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await call('GET', url);
      times.push(performance.now() - t0);
    }
    const timing = timingOf(times);
    const max = Math.max(...times);
    measured.push({
      page: name,
      answer: `${answer.value.length} rows of ${answer['@odata.count']}`,
      runs: timing.runs,
      'p50 ms': ms(timing.p50),
      'p95 ms': ms(timing.p95),
      'max ms': ms(max),
      target: `p95 <= ${targets.p95Ms} ms`,
      met: met(timing.p95 <= targets.p95Ms),
    });
  }
  console.log(
    `\n3. 20-row pages with $count=true, GET ${rowsUrl}?..., one client, after ${warmUp} warm-up calls:`,
  );
  console.table(measured);
  for (const [name, params] of Object.entries(pages)) {
    const statements = await captureStatements(() =>
      app.inject({ method: 'GET', url: urlOf(params), headers: { cookie } }),
    );
    console.log(`\n--- ${name} ---`);
    for (const statement of statements.filter((s) => s.sql.includes(`"t${view.Id}"`))) {
      console.log(`  ${oneLine(statement, 200)}`);
      console.log((await explainStatement(db, statement)).replace(/^/gm, '    '));
    }
  }

  // 4. A field's type changed on the million rows, the list asked meanwhile.
  const listUrl = urlOf(Object.values(pages)[0]!);
  const read = JSON.parse(
    (await call('GET', `/api/dataSources/${view.Id}`)).text,
  ) as DataSourceView;
  const schema = read.SchemaDefinition as { properties: Record<string, Record<string, unknown>> };
  const changed = {
    Id: read.Id,
    Name: read.Name,
    PrimaryKeyField: read.PrimaryKeyField,
    SchemaDefinition: {
      ...schema,
      properties: { ...schema.properties, Score: { ...schema.properties.Score, type: 'number' } },
    },
    FormDefinition: read.FormDefinition,
    Permissions: read.Permissions,
    Version: read.Version,
  };
  let changing = true;
  const during: number[] = [];
  const readStatuses = new Map<number, number>();
  const reader = (async () => {
    while (changing) {
      const t0 = performance.now();
      const { status } = await call('GET', listUrl);
      during.push(performance.now() - t0);
      readStatuses.set(status, (readStatuses.get(status) ?? 0) + 1);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const changeStarted = performance.now();
  const change = await call('PUT', '/api/dataSources', changed);
  const changeMs = performance.now() - changeStarted;
  changing = false;
  await reader;
  const { rows: typed } = await sql<{ type: string }>`select data_type as type
    from information_schema.columns where table_schema = 'udt'
    and table_name = ${`t${view.Id}`} and column_name = ${column('Score')}`.execute(db);
  const sortedDuring = [...during].sort((a, b) => a - b);
  console.log(`\n4. Score from Integer to Number over ${sized[0]!.n} rows (PUT api/dataSources):`);
  console.table([
    {
      answer: change.status === 200 ? '200' : `${change.status} ${change.text.slice(0, 120)}`,
      'column now': typed[0]?.type ?? '?',
      s: (changeMs / 1000).toFixed(2),
      'reads meanwhile': during.length,
      'read answers': [...readStatuses].map(([status, n]) => `${status}: ${n}`).join(', '),
      'read p50 ms': ms(percentile(sortedDuring, 50)),
      'longest read ms': ms(sortedDuring.at(-1) ?? NaN),
    },
  ]);
  console.log(
    `(the reads: GET ${listUrl}, one client, one after another, from 200 ms before the change)`,
  );

  if (!keep) {
    // 5. The data source deleted.
    const deleteStarted = performance.now();
    const deleted = await call('DELETE', `/api/dataSources/${view.Id}`);
    console.log(
      `\n5. DELETE api/dataSources/${view.Id}: ${deleted.status} ${deleted.text} in ` +
        `${((performance.now() - deleteStarted) / 1000).toFixed(2)} s`,
    );
  }
} catch (error) {
  if (!(error instanceof StopAfterInserts)) throw error;
} finally {
  for (const close of closing.reverse()) await close();
  if (keep) {
    await database.handle.close();
    console.log(`kept: ${database.url}`);
  } else await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`\nuser table bench done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
