import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/connect';
import { loadOf, lostOrHalfSaved, managerClient, sleep } from '../support/outage-load';
import { startServerChild, type ServerChild } from '../support/server-child';
import { testDatabaseKind } from '../support/test-database';

/**
 * The embedded database (PGlite) under a crash: the server process is killed (SIGKILL, no
 * chance to close anything) in the middle of a stream of saves, and started again on the same
 * data directory. It must start, and the data must hold every save it acknowledged, none half
 * applied. PostgreSQL's own crash safety is PostgreSQL's.
 */
describe.skipIf(testDatabaseKind !== 'pglite')('the embedded database killed during writes', () => {
  let server: ServerChild | null = null;
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    server = null;
  });

  it('starts again on its data directory with every acknowledged save', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-crash-'));
    const env = { DATA_DIR: dataDir, DEMO: '1', JOBS: 'false' };
    server = await startServerChild(env);
    const client = await managerClient(server);
    let loading = true;
    const load = loadOf(client, 'KIL', () => loading);
    await sleep(1_500 + Math.random() * 1_000);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBeNull();
    loading = false;
    await load.done;
    const { acknowledged } = load;
    expect(acknowledged.length).toBeGreaterThan(3);
    // Calls cut by the kill have no answer (status 0); none that came was a failure.
    expect(load.answers.filter((a) => a.status !== 200 && a.status !== 0)).toEqual([]);

    server = await startServerChild(env);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    await server.stop();
    server = null;
    const database = await connectDatabase({
      databaseUrl: null,
      dataDir,
      statementTimeoutMs: 5_000,
      poolSize: 1,
    });
    try {
      expect(await lostOrHalfSaved(database.db, 'KIL', acknowledged)).toEqual({
        lost: [],
        halfSaved: [],
      });
    } finally {
      await database.close();
    }
  }, 180_000);
});
