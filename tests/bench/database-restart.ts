/**
 * The database restarted under saves: the server in a process of its own on PostgreSQL (a
 * scratch demo installation) takes saves, reads and who-am-I calls from 4 parallel clients
 * while its database restarts, RESTART_ROUNDS times (default 3). Prints, per round: the
 * seconds from the database answering again to the server's `/health` answering 200 with its
 * live updates listening (want under 5 s), the answers by status (want only 200 and 503), the
 * saves acknowledged and how many of them the database holds (want all), and whether the
 * process lived.
 *
 * The restart is real (`pg_ctlcluster <version> main restart`, stopping every connection)
 * where this machine has it and runs as root, as on the CI machine; elsewhere, or with
 * `BENCH_RESTART=proxy`, the server reaches the database through a TCP proxy that plays a
 * database stopped for 10 s. Database server: TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test). Nothing else should use that server meanwhile.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { connectDatabase } from '../../server/db/connect';
import { loadOf, lostOrHalfSaved, managerClient, sleep } from '../support/outage-load';
import { startServerChild } from '../support/server-child';
import { databaseBehindProxy, type TcpProxy } from '../support/tcp-proxy';
import { createPostgresDatabase } from '../support/test-database';

const rounds = Number(process.env.RESTART_ROUNDS ?? 3);
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function clusterVersion(): string | null {
  if (process.env.BENCH_RESTART === 'proxy' || process.getuid?.() !== 0) return null;
  if (!existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/etc/postgresql')) return null;
  return readdirSync('/etc/postgresql')[0] ?? null;
}

async function answersAgain(url: string): Promise<void> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      await sleep(50);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function healthy(origin: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${origin}/health`).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { Notifications?: string } | null;
    if (response?.status === 200 && body?.Notifications === 'up') return;
    await sleep(50);
  }
}

const version = clusterVersion();
const database = await createPostgresDatabase(baseUrl);
let proxy: TcpProxy | null = null;
let serverUrl = database.url;
if (!version) {
  const behind = await databaseBehindProxy(database.url);
  proxy = behind.proxy;
  serverUrl = behind.url;
}
const restart = async () => {
  if (version) {
    // Not execFileSync: the clients in this process must go on sending meanwhile.
    await promisify(execFile)('pg_ctlcluster', [version, 'main', 'restart']);
  } else {
    await proxy!.stop();
    await sleep(10_000);
    await proxy!.start();
  }
};

console.log(
  `database restart under saves: ${version ? `pg_ctlcluster ${version} main restart` : 'a proxy stopped for 10 s'}; ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
);
const server = await startServerChild({
  DATABASE_URL: serverUrl,
  DATA_DIR: await mkdtemp(path.join(tmpdir(), 'asphalt-restart-')),
  DEMO: '1',
  JOBS: 'false',
});
try {
  const client = await managerClient(server);
  for (let round = 1; round <= rounds; round += 1) {
    let loading = true;
    const load = loadOf(client, `RS${round}N`, () => loading);
    await sleep(1_000 + Math.random() * 1_000);
    const restartStarted = Date.now();
    await restart();
    await answersAgain(database.url);
    const back = Date.now();
    await healthy(server.url);
    const recoverySeconds = (Date.now() - back) / 1000;
    await sleep(1_000);
    loading = false;
    await load.done;

    const check = await connectDatabase({
      databaseUrl: database.url,
      dataDir: 'memory://',
      statementTimeoutMs: 5_000,
      poolSize: 1,
    });
    const { lost, halfSaved } = await lostOrHalfSaved(check.db, `RS${round}N`, load.acknowledged);
    await check.close();
    const byStatus = new Map<number, number>();
    for (const { status } of load.answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    console.log(
      `  round ${round}: database away ${((back - restartStarted) / 1000).toFixed(1)} s; ` +
        `recovered ${recoverySeconds.toFixed(2)} s after it answered; answers ` +
        [...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ') +
        `; saves acknowledged ${load.acknowledged.length}, found ` +
        `${load.acknowledged.length - lost.length}, half applied ${halfSaved.length}; ` +
        `process ${server.child.exitCode === null ? 'alive' : `exited ${server.child.exitCode}`}`,
    );
  }
} finally {
  await server.stop();
  await proxy?.close();
  await database.drop();
}
