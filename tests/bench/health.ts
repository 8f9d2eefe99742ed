/**
 * What every request pays, on PostgreSQL, printed as figures (not pass/fail): `GET /health`
 * (a `select 1` through the pool) of the real server in a process of its own as `npm run serve`
 * runs it, beside Fastify's hello-world in a process of its own and a raw `select 1` through a
 * pg.Pool of the server's size, each at 1 and 10 connections: p50, p95, throughput, the
 * measured process's CPU per request, and the ratios (target: /health within 1.5x of the raw
 * `select 1` in CPU per request). Runs in a scratch database it creates and drops on the
 * server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * `BENCH_SECONDS` sets each measurement's length (default 10), after a 2 s warm-up.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../support/test-database';
import { defaultBenchDatabaseUrl } from './deliveries-data';
import { ms } from './deliveries-timing';
import {
  httpUnderLoad,
  type MeasuredLoad,
  selectOneUnderLoad,
  startHelloWorld,
} from './health-load';
import { loadAverage } from './process-cpu';
import { type ServerProcess, startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmUpSeconds = 2;
const poolSize = 10;
const concurrencies = [1, 10];
const target = 1.5;

function row(name: string, connections: number, load: MeasuredLoad): string {
  const failed = load.non2xx + load.errors;
  return [
    name.padEnd(22),
    String(connections).padStart(5),
    ms(load.latency.p50).padStart(8),
    ms(load.latency.p95).padStart(8),
    load.perSecond.toFixed(0).padStart(9),
    load.cpuPerRequestMs.toFixed(4).padStart(12),
    failed > 0 ? `  ${failed} failed` : '',
  ].join(' ');
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

/** Measures /health, hello-world and the raw `select 1` at `connections`, and prints them. */
async function measureAt(
  connections: number,
  server: ServerProcess,
  hello: { origin: string; pid: number },
  databaseUrl: string,
): Promise<void> {
  await httpUnderLoad(server.pid, `${server.origin}/health`, connections, warmUpSeconds);
  const health = await httpUnderLoad(server.pid, `${server.origin}/health`, connections, seconds);
  await httpUnderLoad(hello.pid, hello.origin, connections, warmUpSeconds);
  const helloWorld = await httpUnderLoad(hello.pid, hello.origin, connections, seconds);
  const selectOne = await selectOneUnderLoad(databaseUrl, connections, seconds, poolSize);
  console.log(row('GET /health', connections, health));
  console.log(row('Fastify hello-world', connections, helloWorld));
  console.log(row('raw select 1 (pg.Pool)', connections, selectOne));
  const cpu = health.cpuPerRequestMs;
  const floor = helloWorld.cpuPerRequestMs + selectOne.cpuPerRequestMs;
  const withinTarget = cpu <= target * selectOne.cpuPerRequestMs ? 'yes' : 'NO';
  console.log(
    `  CPU per request: /health = ${ratio(cpu, helloWorld.cpuPerRequestMs)} hello-world, ` +
      `${ratio(cpu, selectOne.cpuPerRequestMs)} raw select 1 (target ${target}x: ${withinTarget}), ` +
      `${ratio(cpu, floor)} hello-world + raw select 1; ` +
      `throughput ${ratio(health.perSecond, selectOne.perSecond)} of raw select 1; ` +
      `load average ${loadAverage(loadavg())}`,
  );
}

const baseUrl = process.env.TEST_DATABASE_URL ?? defaultBenchDatabaseUrl;
const database = await createPostgresDatabase(baseUrl);
const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-bench-health-'));
let server: ServerProcess | null = null;
let hello: Awaited<ReturnType<typeof startHelloWorld>> | null = null;
try {
  console.log(`load average before: ${loadAverage(loadavg())}`);
  server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DB_POOL_SIZE: String(poolSize),
    DEMO: '0',
    JOBS: 'false',
  });
  hello = await startHelloWorld();
  console.log(
    `server: pid ${server.pid}, ${server.origin}; hello-world: pid ${hello.pid}; ` +
      `pool ${poolSize}; ${seconds} s each after ${warmUpSeconds} s warm-up`,
  );
  console.log(`${'measured'.padEnd(22)} conns   p50 ms   p95 ms     req/s  CPU ms/req`);
  for (const connections of concurrencies) {
    await measureAt(connections, server, hello, database.url);
  }
} finally {
  hello?.close();
  await server?.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
