/**
 * Load of the health benchmark: a URL under autocannon, or a raw `select 1` through a pg.Pool,
 * each driven from a child process, with the CPU time the measured process spent meanwhile
 * read from `/proc` (so the load generator's own work never counts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import type { LoadResult } from './deliveries-load-client';
import { cpuSeconds } from './process-cpu';

export interface MeasuredLoad extends LoadResult {
  /** CPU time (user + system) of the measured process per request, ms. */
  cpuPerRequestMs: number;
}

const childScript = (name: string) => new URL(name, import.meta.url).pathname;

async function answerOf<T>(child: ChildProcess): Promise<T> {
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${child.spawnargs.join(' ')} exited with ${String(code)} before answering`);
  });
  return Promise.race([once(child, 'message').then(([message]) => message as T), exited]);
}

async function withCpuOf(pid: number, load: () => Promise<LoadResult>): Promise<MeasuredLoad> {
  const before = await cpuSeconds(pid);
  const result = await load();
  const cpuMs = ((await cpuSeconds(pid)) - before) * 1000;
  return { ...result, cpuPerRequestMs: cpuMs / Math.max(1, result.requests) };
}

/** `url` under autocannon at `connections` for `seconds`; CPU counted in the process `pid`. */
export async function httpUnderLoad(
  pid: number,
  url: string,
  connections: number,
  seconds: number,
): Promise<MeasuredLoad> {
  return withCpuOf(pid, async () => {
    const client = fork(childScript('./deliveries-load-client.ts'), [
      url,
      '',
      String(connections),
      String(seconds),
    ]);
    try {
      return await answerOf<LoadResult>(client);
    } finally {
      client.kill();
    }
  });
}

/** `select 1` through a pool of `poolSize` at `connections` for `seconds`, in a process of its own. */
export async function selectOneUnderLoad(
  databaseUrl: string,
  connections: number,
  seconds: number,
  poolSize: number,
): Promise<MeasuredLoad> {
  const worker = fork(childScript('./select-one-load.ts'), [
    databaseUrl,
    String(connections),
    String(seconds),
    String(poolSize),
  ]);
  try {
    await answerOf<'ready'>(worker);
    return await withCpuOf(worker.pid!, async () => {
      const answer = answerOf<LoadResult>(worker);
      worker.send('go');
      return answer;
    });
  } finally {
    worker.kill();
  }
}

/** Fastify's hello-world started in a process of its own; answers its origin and pid. */
export async function startHelloWorld(): Promise<{ origin: string; pid: number; close(): void }> {
  const child = fork(childScript('./hello-world-server.ts'));
  const origin = await answerOf<string>(child);
  return { origin, pid: child.pid!, close: () => child.kill() };
}
