/**
 * Load of the deliveries benchmark: the server listening on 127.0.0.1 under autocannon at a
 * given concurrency (the generator in a child process, so the server's CPU time is its own),
 * against the same SQL sent directly by as many concurrent workers.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import type { LoadResult } from './deliveries-load-client';
import { runStatement, timingOf, type Timing } from './deliveries-timing';

export interface ServerLoad extends LoadResult {
  /** The server process's CPU time (user + system) per request, ms. */
  cpuPerRequestMs: number;
}

/** Starts listening on 127.0.0.1 (any free port) unless it already does; answers the origin. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  const address = app.server.address() as AddressInfo | null;
  if (!address) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** `path` at `connections` concurrent clients for `seconds`, signed in by `cookie`. */
export async function serverUnderLoad(
  app: FastifyInstance,
  path: string,
  cookie: string,
  connections: number,
  seconds: number,
): Promise<ServerLoad> {
  const url = `${await listenLocally(app)}${path}`;
  const client = fork(
    new URL('./deliveries-load-client.ts', import.meta.url).pathname,
    [url, cookie, String(connections), String(seconds)],
    { stdio: 'inherit' },
  );
  const before = process.cpuUsage();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    client.once('message', (message) => resolve(message as LoadResult));
    client.once('error', reject);
    client.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${String(code)}`));
    });
  });
  const cpu = process.cpuUsage(before);
  client.kill();
  return { ...result, cpuPerRequestMs: (cpu.user + cpu.system) / 1000 / result.requests };
}

export interface SqlLoad {
  rounds: number;
  perSecond: number;
  latency: Timing;
  /** This process's CPU time per round, ms: the driver's (and PGlite's, in process). */
  cpuPerRoundMs: number;
}

/**
 * The statements one request sends (the first alone, the rest side by side, as the list runs
 * its page and count), repeated by `connections` concurrent workers for `seconds`.
 */
export async function sqlUnderLoad(
  db: Kysely<Database>,
  statements: readonly CompiledQuery[],
  connections: number,
  seconds: number,
): Promise<SqlLoad> {
  const [first, ...rest] = statements;
  const round = async () => {
    if (first) await runStatement(db, first);
    await Promise.all(rest.map((statement) => runStatement(db, statement)));
  };
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await round();
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    rounds: times.length,
    perSecond: times.length / elapsed,
    latency: timingOf(times),
    cpuPerRoundMs: (cpu.user + cpu.system) / 1000 / Math.max(1, times.length),
  };
}
