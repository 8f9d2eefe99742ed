import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDefinition } from '../../server/modules/jobs/index';
import { serverModules } from '../../server/modules/index';
import type { ServerModule } from '../../server/modules/module';
import { twoInstances, type TwoInstances } from '../support/two-instances';

/**
 * Two app instances on one PostgreSQL database, both running jobs: a recurring job comes due
 * once per schedule, not once per instance, and a paused job does not run even when the queue
 * hands it a scheduled run (one sent before the pause took effect).
 */
const postgres = process.env.TEST_DATABASE_URL;

const runsOn: string[] = [];
const tickJob: JobDefinition = {
  name: 'test.tick',
  title: 'JOBS.HOUSEKEEPING',
  schedule: '* * * * *',
  enabled: true,
  retries: 0,
  async run() {
    runsOn.push(new Date().toISOString());
    return { rows: 1 };
  },
};
const fixtureModule: ServerModule = { name: 'test-tick', entityHooks: {}, jobs: () => [tickJob] };

describe.skipIf(!postgres)('jobs on two instances (PostgreSQL)', () => {
  let both: TwoInstances;
  const scheduledRuns = () =>
    both.first.database.db
      .selectFrom('jobRuns')
      .select(['id', 'state', 'trigger', 'queuedAt'])
      .where('jobName', '=', tickJob.name)
      .execute();

  beforeAll(async () => {
    both = await twoInstances({ jobs: true, modules: [...serverModules, fixtureModule] });
  });
  afterAll(async () => {
    await both?.close();
  });

  it(
    'runs a recurring job once per schedule, whichever instance takes it',
    { timeout: 120_000 },
    async () => {
      await expect
        .poll(async () => (await scheduledRuns()).length, { timeout: 90_000, interval: 500 })
        .toBeGreaterThan(0);
      const [first] = await scheduledRuns();
      expect(first).toMatchObject({ trigger: 'schedule' });
      // Both instances poll every 2 s and keep the schedule: a second run of the same minute
      // would have come by now.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      const runs = await scheduledRuns();
      const minutes = new Set(runs.map((run) => run.queuedAt.toISOString().slice(0, 16)));
      expect(runs.length).toBe(minutes.size);
      expect(runsOn.length).toBe(runs.length);
    },
  );

  it('does not run a paused job handed a scheduled run', { timeout: 60_000 }, async () => {
    await both.first.app.jobQueue.applySchedule({
      name: tickJob.name,
      schedule: tickJob.schedule,
      timeZone: 'Europe/London',
      enabled: false,
    });
    await both.first.database.db
      .updateTable('jobs')
      .set({ enabled: false })
      .where('name', '=', tickJob.name)
      .execute();
    const before = runsOn.length;
    const boss = new PgBoss({
      connectionString: both.first.database.url!,
      schema: 'pgboss',
      schedule: false,
      supervise: false,
      migrate: false,
    });
    await boss.start();
    try {
      // What the schedule sends when it comes due: a run without a run row of its own.
      const id = await boss.send(tickJob.name, {});
      await expect
        .poll(async () => (await boss.getJobById(tickJob.name, id!))?.state, { timeout: 20_000 })
        .toBe('completed');
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    expect(runsOn.length).toBe(before);
  });
});
