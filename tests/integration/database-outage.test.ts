import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { eventReader } from '../support/event-stream';
import { startServerChild, type ServerChild } from '../support/server-child';
import { chromeUserAgent } from '../support/sign-in';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/test-database';

interface Answer {
  call: string;
  status: number;
  retryAfter: string | null;
  body: string;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client of a server process: signed in as `manager`, the demo's user of units and deliveries. */
async function managerClient(server: ServerChild) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': chromeUserAgent },
    body: JSON.stringify({
      User: 'manager',
      Pass: browserDigest(demoPassword),
      Save: false,
      FingerPrint: 'outage-test',
    }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;

  /** An answer, or status 0 when none came (the server died or hung). */
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> => {
    const started = Date.now();
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', 'user-agent': chromeUserAgent },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    }).catch((error: unknown) => error as Error);
    const answer = { call: `${method} ${url}`, retryAfter: null, ms: Date.now() - started };
    if (response instanceof Error) return { ...answer, status: 0, body: String(response) };
    return {
      ...answer,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  };

  const openStream = async () => {
    const stream = await fetch(`${server.url}/api/Deliveries/StateStream`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = eventReader(stream.body!);
    await reader.until((text) => text.includes('retry: 5000\n\n'));
    return reader;
  };

  return { call, openStream };
}

type Client = Awaited<ReturnType<typeof managerClient>>;

/** Saves, reads and who-am-I calls in parallel until `running()` turns false. */
function loadOf(client: Client, prefix: string, running: () => boolean) {
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let next = 0;
  const saver = async () => {
    while (running()) {
      const code = `${prefix}${next++}`;
      const answer = await client.call('POST', '/api/units/SaveUnit', {
        Code: code,
        Name: 'Outage',
      });
      answers.push(answer);
      if (answer.status === 200) acknowledged.push(code);
    }
  };
  const reader = async () => {
    while (running()) {
      answers.push(await client.call('GET', '/odata/UnitsOData?$top=5&$count=true'));
      answers.push(await client.call('GET', '/api/users/GetCurrentUser'));
    }
  };
  const done = Promise.all([saver(), saver(), saver(), reader()]);
  return { answers, acknowledged, done };
}

/** Every answer a 2xx, or a 503 with Retry-After and a Message. */
function expectOnlySuccessOr503(answers: Answer[]) {
  const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 503);
  expect(unexpected, JSON.stringify(unexpected.slice(0, 5))).toEqual([]);
  for (const refused of answers.filter((a) => a.status === 503)) {
    expect(refused.retryAfter).toBe('5');
    expect(JSON.parse(refused.body)).toMatchObject({ Message: expect.any(String) });
  }
}

async function healthWithin(server: ServerChild, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const response = await fetch(`${server.url}/health`);
    const body = (await response.json()) as { Notifications: string };
    if (response.status === 200 && body.Notifications === 'up') return;
    if (Date.now() > until) throw new Error(`not healthy in ${ms} ms: ${JSON.stringify(body)}`);
    await sleep(100);
  }
}

/**
 * Acknowledged unit codes that the database does not hold, and units it holds half-saved
 * (without the change-log entry their save writes in the same transaction).
 */
async function lostOrHalfSaved(url: string, prefix: string, acknowledged: string[]) {
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const { rows } = await check.query<{ code: string; logged: boolean }>(
      `select code, exists (select 1 from change_logs c
                            where c.entity_type = 'Unit' and c.entity_id = u.id::text) as logged
       from units u where code like $1`,
      [`${prefix}%`],
    );
    const stored = new Set(rows.map((row) => row.code));
    return {
      lost: acknowledged.filter((code) => !stored.has(code)),
      halfSaved: rows.filter((row) => !row.logged).map((row) => row.code),
    };
  } finally {
    await check.end();
  }
}

/** The stream, opened before the outage, carries the states of an amend made after it. */
async function expectStreamCarriesAnAmend(
  client: Client,
  reader: Awaited<ReturnType<Client['openStream']>>,
  url: string,
) {
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check
    .query<{ id: number; thickness: number }>(
      'select id, thickness from deliveries where start_time0 > now() order by id limit 1',
    )
    .finally(() => check.end());
  const delivery = rows[0]!;
  const amended = await client.call('POST', '/api/deliveries/AmendSelected', {
    Thickness: delivery.thickness === 50 ? 60 : 50,
    DeliveriesIds: [delivery.id],
  });
  expect(amended.status, amended.body).toBe(200);
  await reader.until((text) => text.includes(`"Id":${delivery.id},`), 10_000);
}

/**
 * The database going away under load, on PostgreSQL, against the real server process: the
 * process must live, answer only 2xx or 503 (with Retry-After) meanwhile, recover by itself
 * within 5 s of the database's return (pool, LISTEN), keep an open state stream, and the
 * database must hold every save it acknowledged.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('the database going away', () => {
  let database: TestDatabase;
  let server: ServerChild | null = null;
  let proxy: TcpProxy | null = null;

  const start = async (databaseUrl: string) => {
    server = await startServerChild({
      DATABASE_URL: databaseUrl,
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'asphalt-outage-')),
      DB_POOL_SIZE: '4',
      WEATHER_REFRESH: 'false',
    });
    return server;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ demo: true });
    // The test reads with connections of its own, which the terminations must not reach.
    await database.close();
  });
  afterEach(async () => {
    await server?.stop();
    await proxy?.close();
    server = proxy = null;
  });
  afterAll(() => database?.dispose());

  it('lives through terminated backends several times under load and loses no acknowledged save', async () => {
    const running = await start(database.url!);
    const client = await managerClient(running);
    const reader = await client.openStream();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let loading = true;
    const load = loadOf(client, 'TRM', () => loading);
    let terminated = 0;
    try {
      for (let round = 0; round < 4; round += 1) {
        await sleep(300 + Math.random() * 1200);
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [new URL(database.url!).pathname.slice(1)],
        );
        terminated += rowCount ?? 0;
      }
      await sleep(1_000);
    } finally {
      loading = false;
      await load.done;
      await admin.end();
    }

    expect(running.child.exitCode, running.logs()).toBeNull();
    expect(terminated).toBeGreaterThanOrEqual(8);
    expectOnlySuccessOr503(load.answers);
    expect(load.acknowledged.length).toBeGreaterThan(10);
    await healthWithin(running, 5_000);
    expect(await lostOrHalfSaved(database.url!, 'TRM', load.acknowledged)).toEqual({
      lost: [],
      halfSaved: [],
    });
    await expectStreamCarriesAnAmend(client, reader, database.url!);
    await reader.cancel();
  });

  it('answers 503 promptly while the database is stopped for 10 s, says so on /health, and is back within 5 s of its return', async () => {
    const target = new URL(database.url!);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(database.url!);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    const running = await start(throughProxy.toString());
    const client = await managerClient(running);
    const reader = await client.openStream();
    await healthWithin(running, 5_000);

    let loading = true;
    const load = loadOf(client, 'STP', () => loading);
    await sleep(500);
    await proxy.stop();
    const stoppedAt = Date.now();
    const health = await fetch(`${running.url}/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(await health.json()).toMatchObject({ status: 'unavailable', Database: 'down' });
    await sleep(1_000);
    expect(await (await fetch(`${running.url}/health`)).json()).toMatchObject({
      status: 'unavailable',
      Database: 'down',
      Notifications: 'down',
    });
    await sleep(10_000 - (Date.now() - stoppedAt));
    const duringOutage = load.answers.length;
    await proxy.start();
    const back = Date.now();
    await healthWithin(running, 5_000);
    const recoveredMs = Date.now() - back;
    await sleep(500);
    loading = false;
    await load.done;

    expect(running.child.exitCode, running.logs()).toBeNull();
    expect(recoveredMs).toBeLessThan(5_000);
    expectOnlySuccessOr503(load.answers);
    const refused = load.answers.filter((a) => a.status === 503);
    // Refused at once, not after hanging on a database that is not there.
    expect(refused.length).toBeGreaterThan(10);
    expect(Math.max(...refused.map((a) => a.ms))).toBeLessThan(11_000);
    expect(load.answers.length).toBeGreaterThan(duringOutage);
    expect(load.answers.at(-1)!.status).toBe(200);
    expect(await lostOrHalfSaved(database.url!, 'STP', load.acknowledged)).toEqual({
      lost: [],
      halfSaved: [],
    });
    await expectStreamCarriesAnAmend(client, reader, database.url!);
    await reader.cancel();
  });
});
