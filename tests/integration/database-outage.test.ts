import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect';
import { browserDigest } from '../../server/security/browser-digest';
import {
  type Answer,
  loadOf,
  lostOrHalfSaved,
  type ManagerClient,
  managerClient,
  sleep,
} from '../support/outage-load';
import {
  listeningServer,
  spawnServerChild,
  startServerChild,
  type ServerChild,
} from '../support/server-child';
import { chromeUserAgent } from '../support/sign-in';
import { databaseBehindProxy, type TcpProxy } from '../support/tcp-proxy';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/test-database';

/** Every answer a 2xx, or a 503 with Retry-After and a Message. */
export function expectOnlySuccessOr503(answers: Answer[]) {
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

async function savedIn(url: string, prefix: string, acknowledged: string[]) {
  const check = await connectDatabase({
    databaseUrl: url,
    dataDir: 'memory://',
    statementTimeoutMs: 5_000,
    poolSize: 1,
  });
  try {
    return await lostOrHalfSaved(check.db, prefix, acknowledged);
  } finally {
    await check.close();
  }
}

/** The stream, opened before the outage, carries the states of an amend made after it. */
async function expectStreamCarriesAnAmend(
  client: ManagerClient,
  reader: Awaited<ReturnType<ManagerClient['openStream']>>,
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
      JOBS: 'false',
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
    expect(await savedIn(database.url!, 'TRM', load.acknowledged)).toEqual({
      lost: [],
      halfSaved: [],
    });
    await expectStreamCarriesAnAmend(client, reader, database.url!);
    await reader.cancel();
  });

  it('answers 503 promptly while the database is stopped for 10 s, says so on /health, and is back within 5 s of its return', async () => {
    const behind = await databaseBehindProxy(database.url!);
    proxy = behind.proxy;
    const running = await start(behind.url);
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
    // Signing in needs the database too: told to try again, not that the password is wrong.
    const login = await fetch(`${running.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': chromeUserAgent },
      body: JSON.stringify({
        User: 'manager',
        Pass: browserDigest('Not-the-password-1'),
        Save: false,
        FingerPrint: 'outage-test',
      }),
    });
    expect(login.status).toBe(503);
    expect(login.headers.get('retry-after')).toBe('5');
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
    expect(await savedIn(database.url!, 'STP', load.acknowledged)).toEqual({
      lost: [],
      halfSaved: [],
    });
    await expectStreamCarriesAnAmend(client, reader, database.url!);
    await reader.cancel();
  });

  it('waits at start-up for a database that is not there yet, and starts once it answers', async () => {
    const behind = await databaseBehindProxy(database.url!);
    proxy = behind.proxy;
    await proxy.stop();
    const spawned = spawnServerChild({
      DATABASE_URL: behind.url,
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'asphalt-outage-')),
      JOBS: 'false',
    });
    server = { ...spawned, url: '' };
    await spawned.waitFor(/waiting for the database to answer/);
    await sleep(2_000);
    expect(spawned.child.exitCode).toBeNull();
    await proxy.start();
    const running = await listeningServer(spawned);
    expect(running.logs()).toMatch(/the database answers; starting/);
    await healthWithin(running, 5_000);
  });
});
