import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect';
import { prepareServe, projectRoot, serveArguments } from '../support/serve-command';
import { createPostgresDatabase } from '../support/test-database';

interface Running {
  child: ChildProcess;
  url: string;
  logs: () => string;
  exited: Promise<number | null>;
}

/** Starts the compiled server as production does (`npm run serve`) and waits until it listens. */
async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, serveArguments(), {
    cwd: projectRoot,
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
  return { child, url, logs: () => output, exited };
}

describe('the server entry point', () => {
  let running: Running | null = null;
  beforeAll(prepareServe, 120_000);
  afterEach(() => {
    running?.child.kill('SIGKILL');
    running = null;
  });

  it('starts on an embedded database, keeps its data across restarts and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-run-'));
    running = await startServer({ DATA_DIR: dataDir });
    expect(running.logs()).toMatch(/database migrated/);
    expect(running.logs()).toMatch(/demo data seeded/);
    const port = new URL(running.url).port;
    expect(running.logs()).toContain(`"msg":"Open http://localhost:${port} in a browser"`);
    const health = await fetch(`${running.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      status: 'ok',
      Database: 'up',
      Notifications: 'not used',
    });
    const sent = await fetch(`${running.url}/api/reportaproblem/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ErrorLog: 'kept across restarts', Severity: 'Minor', Time: '10:15' }),
    });
    expect(sent.status).toBe(200);
    const secret = await readFile(path.join(dataDir, 'secrets.json'), 'utf8');

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);

    running = await startServer({ DATA_DIR: dataDir });
    expect(running.logs()).not.toMatch(/database migrated|demo data seeded/);
    expect((await fetch(`${running.url}/health`)).status).toBe(200);
    expect(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secret);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    running = null;

    const database = await connectDatabase({
      databaseUrl: null,
      dataDir,
      statementTimeoutMs: 5_000,
      poolSize: 1,
    });
    try {
      const reports = await database.db.selectFrom('problemReports').select('errorLog').execute();
      expect(reports).toEqual([{ errorLog: 'kept across restarts' }]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL when DATABASE_URL is set, without demo data unless asked',
    async () => {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-run-'));
        running = await startServer({ DATA_DIR: dataDir, DATABASE_URL: created.url });
        expect(running.logs()).toMatch(/"database":"postgres"/);
        expect(running.logs()).toMatch(/database migrated/);
        expect(running.logs()).not.toMatch(/demo data seeded/);
        expect((await fetch(`${running.url}/health`)).status).toBe(200);
        const menu = await fetch(`${running.url}/api/menu/GetMenu?language=en-gb`);
        expect(((await menu.json()) as unknown[]).length).toBeGreaterThan(0);
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
        running = null;
      } finally {
        await created.drop();
      }
    },
    120_000,
  );

  it('refuses to start with an invalid environment and says why', async () => {
    const child = spawn(process.execPath, serveArguments(), {
      cwd: projectRoot,
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/PORT/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 30_000);
});
