import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDatabase } from '../../server/modules/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * pg-boss on the application's database, as the job queue gives it: its multi-statement texts
 * answer every statement's rows, so its own maintenance (supervision: expiring, retrying and
 * deleting jobs) passes. Through Kysely it saw only the last statement and failed every pass.
 */
let database: TestDatabase;
let boss: PgBoss;
const errors: Error[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  boss = new PgBoss({
    db: queueDatabase(database.rawQuery),
    backend: database.kind,
    schema: 'pgboss',
    schedule: false,
    supervise: false,
  });
  boss.on('error', (error) => errors.push(error));
  await boss.start();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, close: false });
  await database.dispose();
});

describe('the job queue’s database', () => {
  it('answers the rows of every statement of a multi-statement text', async () => {
    const result = await database.rawQuery(
      'begin; select pg_advisory_xact_lock(42); select 2 as two; commit',
    );
    const rows = (Array.isArray(result) ? result : [result]).flatMap((one) => one.rows);
    expect(rows.some((row) => 'pg_advisory_xact_lock' in row)).toBe(true);
    expect(rows).toContainEqual({ two: 2 });
  });

  it('lets pg-boss supervise its queues without an error', async () => {
    await boss.createQueue('test.supervised');
    await boss.send('test.supervised', {});
    await expect(boss.supervise()).resolves.toBeUndefined();
    await expect(boss.supervise('test.supervised')).resolves.toBeUndefined();
    expect(errors).toEqual([]);
  });
});
