import type { FastifyInstance } from 'fastify';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config';
import { createServer } from '../../server/server';
import { signIn } from '../support/sign-in';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

interface LogLine {
  level: number;
  msg: string;
  responseTime?: number;
  req?: { url?: string };
}

const levels = { debug: 20, info: 30 };

describe('what the server logs of each request', () => {
  let app: FastifyInstance | undefined;
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await app?.close();
    await database?.dispose();
    app = database = undefined;
  });

  async function serverLogging(env: Record<string, string>) {
    const lines: LogLine[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'asphalt-test-')),
      JOBS: '0',
      ...env,
    });
    database = await createTestDatabase({ demo: true });
    app = await createServer({ config, database, logStream });
    return { app, lines };
  }

  it('keeps ordinary requests out of the info log, and logs them all at debug', async () => {
    const quiet = await serverLogging({ LOG_LEVEL: 'info' });
    expect((await quiet.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await quiet.app.inject({ url: '/api/no/such/call' })).statusCode).toBe(404);
    expect(quiet.lines.filter((line) => /request|not found/.test(line.msg))).toEqual([]);
    await app!.close();
    await database!.dispose();

    const chatty = await serverLogging({ LOG_LEVEL: 'debug' });
    await chatty.app.inject({ url: '/api/no/such/call' });
    const messages = chatty.lines.filter((line) => line.level === levels.debug).map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('logs a request slower than SLOW_REQUEST_MS at info, with its time and address', async () => {
    const { app: server, lines } = await serverLogging({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '1' });
    // A sign-in hashes a password: always longer than a millisecond.
    await signIn(server, 'admin');
    const slow = lines.filter((line) => line.msg === 'slow request');
    expect(slow.length).toBeGreaterThan(0);
    expect(slow[0]).toMatchObject({ level: levels.info, req: { url: expect.any(String) } });
    expect(slow[0]!.responseTime).toBeGreaterThanOrEqual(1);
  });
});
