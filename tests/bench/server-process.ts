/**
 * The server in a process of its own, started as `npm run serve` starts it (see
 * serve-command.ts: the compiled server, with production's Node flags), so a benchmark reads
 * that process's memory alone: the RSS a production instance would show, without the bench's
 * seeding, client or test helpers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { prepareServe, projectRoot, serveArguments } from '../support/serve-command';

export interface ServerProcess {
  origin: string;
  pid: number;
  /** The process's resident memory now, bytes (`VmRSS`). */
  rss(): Promise<number>;
  /** The process's resident memory at its highest so far, bytes (`VmHWM`). */
  peakRss(): Promise<number>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function statusKb(pid: number, name: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const line = status.split('\n').find((entry) => entry.startsWith(`${name}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? NaN) * 1024;
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Starts the server with `env` on a free port of 127.0.0.1; resolves once `/health` answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  await prepareServe();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serveArguments(), {
    cwd: projectRoot,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${errors}`);
    const ok = await fetch(`${origin}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      await stopped(child);
      throw new Error(`the server did not answer /health within 60 s: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid!;
  return {
    origin,
    pid,
    rss: () => statusKb(pid, 'VmRSS'),
    peakRss: () => statusKb(pid, 'VmHWM'),
    close: () => stopped(child),
  };
}
