import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  /** Resolves with the first match of `pattern` in the output, waiting for it if need be. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Stops it with SIGTERM (SIGKILL after 10 s) unless it ended already. */
  stop(): Promise<void>;
}

export interface ServerChild extends SpawnedServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
}

/** Starts the real entry point (server/main.ts) in a process of its own, as production does. */
export function spawnServerChild(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let ended = false;
  void exited.then(() => (ended = true));

  return {
    child,
    logs: () => output,
    exited,
    async waitFor(pattern, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (ended) throw new Error(`server exited before ${pattern}:\n${output}`);
        if (Date.now() > until) throw new Error(`no ${pattern} in ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await once(child, 'exit');
      clearTimeout(force);
    },
  };
}

/** The address line main.ts logs once it listens. */
const listening = /"address":"(http:\/\/[^"]+)"/;

/** Waits until a spawned server listens; resolves with it and the address it listens on. */
export async function listeningServer(spawned: SpawnedServer): Promise<ServerChild> {
  const [, url] = await spawned.waitFor(listening);
  return { ...spawned, url: url! };
}

/** Starts the real entry point on a free port of 127.0.0.1 and resolves once it listens. */
export function startServerChild(env: Record<string, string>): Promise<ServerChild> {
  return listeningServer(spawnServerChild(env));
}
