import { PgBoss } from 'pg-boss';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A working instance starts its job queue once the app is ready, without waiting for it: the
 * queue's start (0.6-0.8 s of queries on the embedded database) does not hold up listening,
 * and a queue that cannot start leaves the app serving while it tries again.
 */
describe('the job queue on a working instance', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.close();
    t = undefined;
  });

  it('does not hold up the app being ready while pg-boss starts', async () => {
    let release = () => {};
    const start = vi.spyOn(PgBoss.prototype, 'start').mockImplementation(function (this: PgBoss) {
      return new Promise((resolve) => {
        release = () => resolve(this);
      });
    });
    t = await createTestApp({ jobs: true });
    await expect.poll(() => start.mock.calls.length, { timeout: 5_000 }).toBe(1);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    release();
  });

  it('keeps serving when pg-boss cannot start, and tries again', async () => {
    const start = vi
      .spyOn(PgBoss.prototype, 'start')
      .mockRejectedValue(new Error('pg-boss is down'));
    t = await createTestApp({ jobs: true });
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    await expect.poll(() => start.mock.calls.length, { timeout: 12_000 }).toBeGreaterThan(1);
  });
});
