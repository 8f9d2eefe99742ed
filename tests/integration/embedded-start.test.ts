import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, pgliteSharedBuffers } from '../../server/db/connect';

/**
 * The embedded database's start: PGlite zeroes its whole shared memory in WebAssembly before
 * the first query, so its buffer pool is kept small (PostgreSQL's default 128 MB cost 0.6 s of
 * CPU on every start).
 */
describe('the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-embedded-start-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each([
    ['on disk', () => dataDir],
    ['in memory', () => 'memory://'],
  ])('starts %s with a small buffer pool and keeps its data', async (_where, dir) => {
    const open = () =>
      connectDatabase({
        databaseUrl: null,
        dataDir: dir(),
        statementTimeoutMs: 10_000,
        poolSize: 1,
      });
    const handle = await open();
    try {
      const { rows } = await sql<{ size: string }>`
        select current_setting('shared_buffers') as size`.execute(handle.db);
      expect(rows[0]?.size).toBe(pgliteSharedBuffers);
      expect(pgliteSharedBuffers).toBe('16MB');
      await sql`create table if not exists kept (id int)`.execute(handle.db);
      await sql`insert into kept values (1)`.execute(handle.db);
    } finally {
      await handle.close();
    }
    if (dir() === 'memory://') return;
    const again = await open();
    try {
      const { rows } = await sql<{
        count: number;
      }>`select count(*)::int as count from kept`.execute(again.db);
      expect(rows[0]?.count).toBe(1);
    } finally {
      await again.close();
    }
  });
});
