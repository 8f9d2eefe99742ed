import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '#metadata';
import type { JobDefinition } from '../../server/modules/jobs/index';
import type { ServerModule } from '../../server/modules/module';
import { serverModules } from '../../server/modules/index';
import { putSetting } from '../../server/modules/settings/settings-repository';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import { apiClient, type ApiClient } from '../support/api-client';
import { startUnitsSourceReplay, type UnitsSourceReplay } from '../support/units-source-replay';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The job calls over HTTP on a working instance: `GET api/jobs`, `GET api/jobs/{name}/runs`,
 * `POST api/jobs/{name}/run`, `PUT api/jobs/{name}`, for holders of ManageJobs only; runs go
 * through the real queue (pg-boss on the test's database) and their history is the engine's
 * JobRuns entity (`odata/JobRunsOData`).
 */

let t: TestApp;
let client: ApiClient;
let source: UnitsSourceReplay;

/** A job of the test's own module: fails while `failing`, else counts what it saw. */
let failing = true;
let flakyRuns = 0;
const flakyJob: JobDefinition = {
  name: 'test.flaky',
  title: 'JOBS.HOUSEKEEPING',
  schedule: '0 4 * * *',
  enabled: false,
  retries: 0,
  async run({ progress }) {
    flakyRuns += 1;
    progress(1, 2);
    if (failing) throw new Error('The test source is down.');
    return { rows: 7, message: 'Seven rows.' };
  },
};
const fixtureModule: ServerModule = { name: 'test-jobs', entityHooks: {}, jobs: () => [flakyJob] };

interface Run {
  Id: number;
  JobName: string;
  Trigger: string;
  State: string;
  RowCount: number | null;
  Message: string | null;
  RetryOf: number | null;
  RequestedBy_Name: string | null;
  DurationMs: number | null;
}

const jobs = async () => (await client.get('admin', '/api/jobs')).json<Job[]>();
const jobNamed = async (name: string) => (await jobs()).find((job) => job.Name === name)!;
const runs = async (name: string, query = '') =>
  (await client.get('admin', `/api/jobs/${name}/runs${query}`)).json<{
    Items: Run[];
    Count: number;
  }>();
const runNow = async (name: string, body: object = {}) => {
  const response = await client.post('admin', `/api/jobs/${name}/run`, body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ RunId: number }>().RunId;
};
const ended = async (name: string, runId: number) => {
  await expect
    .poll(async () => (await runs(name)).Items.find((run) => run.Id === runId)?.State, {
      timeout: 20_000,
      interval: 200,
    })
    .toMatch(/^(succeeded|failed)$/);
  return (await runs(name)).Items.find((run) => run.Id === runId)!;
};
const savedJob = (name: string) =>
  t.database.db.selectFrom('jobs').selectAll().where('name', '=', name).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp({ demo: true, jobs: true, modules: [...serverModules, fixtureModule] });
  client = apiClient(t);
  source = await startUnitsSourceReplay();
});

afterAll(async () => {
  await source?.close();
  await t?.close();
});

describe('GET api/jobs', () => {
  it('lists every job the modules declare, with its schedule, zone, next runs and last run', async () => {
    const response = await client.get('admin', '/api/jobs');
    expect(response.statusCode).toBe(200);
    const list = response.json<Job[]>();
    expect(list.map((job) => job.Name)).toEqual(
      expect.arrayContaining(['weather.refresh', 'housekeeping', 'test.flaky']),
    );
    const weather = list.find((job) => job.Name === 'weather.refresh')!;
    expect(weather).toMatchObject({
      Title: 'JOBS.WEATHER_REFRESH',
      Schedule: '*/10 * * * *',
      TimeZone: 'Europe/London',
      Enabled: true,
    });
    expect(weather.NextRuns).toHaveLength(5);
    const times = weather.NextRuns.map((time) => Date.parse(time));
    expect(times[0]).toBeGreaterThan(Date.now());
    expect(times[1]! - times[0]!).toBe(10 * 60_000);
    // Declared paused: no next runs.
    expect(list.find((job) => job.Name === 'test.flaky')).toMatchObject({
      Enabled: false,
      NextRuns: [],
    });
  });

  it('is refused to everyone but holders of ManageJobs, on every job call', async () => {
    const calls = [
      ['GET', '/api/jobs'],
      ['GET', '/api/jobs/housekeeping/runs'],
      ['POST', '/api/jobs/housekeeping/run'],
      ['PUT', '/api/jobs/housekeeping'],
      ['GET', '/odata/JobRunsOData'],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'GET' ? undefined : method === 'PUT' ? { Enabled: true } : {};
      expect((await client.call(null, method, url, body)).statusCode, url).toBe(401);
      expect((await client.call('employee1', method, url, body)).statusCode, url).toBe(403);
      for (const user of ['manager', 'groupadmin', 'companyadmin']) {
        expect((await client.call(user, method, url, body)).statusCode, `${user} ${url}`).toBe(403);
      }
    }
    expect(await t.database.db.selectFrom('jobRuns').selectAll().execute()).toEqual([]);
  });
});

describe('POST api/jobs/{name}/run', () => {
  it('runs a job now: the history shows who asked, the result, its rows and message', async () => {
    const runId = await runNow('housekeeping');
    const run = await ended('housekeeping', runId);
    expect(run).toMatchObject({
      JobName: 'housekeeping',
      Trigger: 'manual',
      State: 'succeeded',
      RequestedBy_Name: expect.any(String),
    });
    expect(run.Message).toMatch(/^Removed \d+ sessions/);
    expect(run.RowCount).toBeGreaterThanOrEqual(0);
    expect(run.DurationMs).toBeGreaterThanOrEqual(0);
    expect((await jobNamed('housekeeping')).LastRun).toMatchObject({
      Id: runId,
      State: 'succeeded',
    });
    // The same rows through the engine's list, with its filters.
    const page = await client.get(
      'admin',
      `/odata/JobRunsOData?$filter=JobName eq 'housekeeping' and State eq 'succeeded'&$count=true`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json<{ value: Run[] }>().value.map((row) => row.Id)).toContain(runId);
  });

  it('shows a job that throws as failed with its message; a retry of it succeeds', async () => {
    failing = true;
    const failedId = await runNow('test.flaky');
    const failed = await ended('test.flaky', failedId);
    expect(failed).toMatchObject({ State: 'failed', Message: 'The test source is down.' });
    expect((await jobNamed('test.flaky')).LastRun).toMatchObject({
      State: 'failed',
      Message: 'The test source is down.',
    });

    failing = false;
    const retryId = await runNow('test.flaky', { RetryOf: failedId });
    const retried = await ended('test.flaky', retryId);
    expect(retried).toMatchObject({
      State: 'succeeded',
      Trigger: 'retry',
      RetryOf: failedId,
      RowCount: 7,
      Message: 'Seven rows.',
    });
    // Filters of the history: by state, and by time.
    expect((await runs('test.flaky', '?state=failed')).Items.map((run) => run.Id)).toEqual([
      failedId,
    ]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await runs('test.flaky', `?from=${future}`)).toEqual({ Items: [], Count: 0 });
  });

  it('refuses a retry of another job’s run and an unknown job, running nothing', async () => {
    const before = flakyRuns;
    const [other] = (await runs('housekeeping')).Items;
    const wrong = await client.post('admin', '/api/jobs/test.flaky/run', { RetryOf: other!.Id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ Message: expect.stringContaining('RetryOf') });
    const unknown = await client.post('admin', '/api/jobs/no.such.job/run', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Message).toContain('no.such.job');
    expect(flakyRuns).toBe(before);
  });
});

describe('the housekeeping job', () => {
  it('forgets runs older than Jobs.HistoryDays and keeps the rest', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const old = async (days: number) =>
      String(
        (
          await t.database.db
            .insertInto('jobRuns')
            .values({
              jobName: 'test.flaky',
              trigger: 'schedule',
              state: 'succeeded',
              queuedAt: daysAgo(days),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const ids = { forty: await old(40), ten: await old(10) };
    const kept = async () =>
      (await t.database.db.selectFrom('jobRuns').select('id').execute()).map((row) =>
        String(row.id),
      );
    await ended('housekeeping', await runNow('housekeeping'));
    expect(await kept()).not.toContain(ids.forty);
    expect(await kept()).toContain(ids.ten);

    await putSetting(t.database.db, 'Jobs.HistoryDays', 5);
    forgetSettings(t.app.db);
    await ended('housekeeping', await runNow('housekeeping'));
    expect(await kept()).not.toContain(ids.ten);
  });
});

describe('PUT api/jobs/{name}', () => {
  it('changes the schedule and its zone; the next runs follow', async () => {
    const response = await client.put('admin', '/api/jobs/housekeeping', {
      Schedule: '15 2 * * 1-5',
      TimeZone: 'America/New_York',
    });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json<Job>();
    expect(job).toMatchObject({ Schedule: '15 2 * * 1-5', TimeZone: 'America/New_York' });
    for (const time of job.NextRuns) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        weekday: 'short',
      }).format(new Date(time));
      expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 02:15$/);
    }
    expect(await savedJob('housekeeping')).toMatchObject({
      schedule: '15 2 * * 1-5',
      timeZone: 'America/New_York',
      enabled: true,
    });
  });

  it('refuses a malformed cron or zone with 400 naming it, and changes nothing', async () => {
    for (const Schedule of ['every day', '61 * * * *', '* * * *', '0 0 * * * *']) {
      const response = await client.put('admin', '/api/jobs/housekeeping', { Schedule });
      expect(response.statusCode, Schedule).toBe(400);
      expect(response.json().Message).toContain(Schedule);
      expect(response.json().FieldErrors ?? response.json().Errors ?? []).toBeDefined();
    }
    const zone = await client.put('admin', '/api/jobs/housekeeping', { TimeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().Message).toContain('Mars/Olympus');
    expect(await savedJob('housekeeping')).toMatchObject({
      schedule: '15 2 * * 1-5',
      timeZone: 'America/New_York',
    });
    const empty = await client.put('admin', '/api/jobs/housekeeping', {});
    expect(empty.statusCode).toBe(400);
  });

  it('pauses and resumes: a paused job has no next runs and leaves the queue’s schedules', async () => {
    const paused = await client.put('admin', '/api/jobs/weather.refresh', { Enabled: false });
    expect(paused.json<Job>()).toMatchObject({ Enabled: false, NextRuns: [] });
    const scheduled = async () =>
      (
        await t.database.db
          .withoutPlugins()
          .selectFrom('pgboss.schedule' as never)
          .select('name' as never)
          .execute()
      ).map((row) => (row as { name: string }).name);
    expect(await scheduled()).not.toContain('weather.refresh');
    expect(await scheduled()).toContain('housekeeping');
    const resumed = await client.put('admin', '/api/jobs/weather.refresh', { Enabled: true });
    expect(resumed.json<Job>()).toMatchObject({ Enabled: true });
    expect(resumed.json<Job>().NextRuns).toHaveLength(5);
    expect(await scheduled()).toContain('weather.refresh');
  });
});

describe('the units.sync job', () => {
  const unitCodes = async () =>
    (await t.database.db.selectFrom('units').select(['code', 'active']).execute()).map(
      (unit) => `${unit.code}:${unit.active ? 'active' : 'inactive'}`,
    );

  it('is declared paused, and fails with the reason while no source is configured', async () => {
    expect(await jobNamed('units.sync')).toMatchObject({ Enabled: false, Schedule: '0 5 * * *' });
    const before = await unitCodes();
    const run = await ended('units.sync', await runNow('units.sync'));
    expect(run).toMatchObject({ State: 'failed' });
    expect(run.Message).toContain('Address of the units list');
    expect(await unitCodes()).toEqual(before);
  });

  it('brings new and changed units in from the source, leaving missing ones active', async () => {
    await putSetting(t.database.db, 'Units.SyncSourceUrl', `${source.url}/units.json`);
    forgetSettings(t.app.db);
    const run = await ended('units.sync', await runNow('units.sync'));
    expect(run, run.Message ?? '').toMatchObject({ State: 'succeeded' });
    expect(run.Message).toMatch(/^2 created, \d+ updated; 3 missing from the source/);
    const codes = await unitCodes();
    expect(codes).toEqual(
      expect.arrayContaining(['NTH03:active', 'SCO01:active', 'MID01:inactive']),
    );
    // Not listed by the source, still active: a person decides on the Sync units screen.
    expect(codes).toEqual(expect.arrayContaining(['STH01:active', 'STH02:active', 'WST01:active']));
    const logged = await t.database.db
      .selectFrom('changeLogs')
      .select('userName')
      .where('entityType', '=', 'Unit')
      .where('userName', '=', 'Unit sync (scheduled)')
      .execute();
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });
});
