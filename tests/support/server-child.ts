import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface ServerChild {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Stops it with SIGTERM (SIGKILL after 10 s) unless it ended already. */
  stop(): Promise<void>;
}

/**
 * Starts the real entry point (server/main.ts) in a process of its own, as production does,
 * on a free port of 127.0.0.1, and resolves once it logs the address it listens on.
 */
export async function startServerChild(env: Record<string, string>): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"address":"(http:\/\/[^"]+)"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server exited:\n${output}`)));
  });
  return {
    child,
    url,
    logs: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await once(child, 'exit');
      clearTimeout(force);
    },
  };
}
