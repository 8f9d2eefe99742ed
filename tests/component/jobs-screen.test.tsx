import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobRunEntity } from '#metadata';
import { useSession } from '#platform/ui';
import { cronInWords, cronLocaleOf } from '../../app/modules/jobs/cron-words';
import type { Job } from '../../app/modules/jobs/jobs-api';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { testGridPage } from '../support/grid-page';
import { expectRefusedWith, openAppAt } from '../support/open-app';

/** `/admin/jobs`: the recurring jobs above the engine's grid of their runs. */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = testGridPage({
  Id: jobRunEntity.id,
  PageTitle: jobRunEntity.grid.PageTitle,
  DataSourceId: jobRunEntity.id,
  DataSourceName: jobRunEntity.name,
  EntityType: jobRunEntity.entityType,
  ListUrl: jobRunEntity.grid.ListUrl,
  Columns: [...jobRunEntity.grid.Columns],
  PageSize: jobRunEntity.grid.PageSize,
  DefaultSort: [...jobRunEntity.grid.DefaultSort],
  SchemaDefinition: jobRunEntity.schema,
  Api: { Get: '', Save: '', Delete: null },
});

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const weather = (): Job => ({
  Name: 'weather.refresh',
  Title: 'JOBS.WEATHER_REFRESH',
  Schedule: '*/10 * * * *',
  TimeZone: 'Europe/London',
  Enabled: true,
  NextRuns: [soon(8), soon(18), soon(28), soon(38), soon(48)],
  LastRun: {
    Id: 40,
    State: 'succeeded',
    StartedAt: '2026-11-28T17:20:00.000Z',
    Duration: 1200,
    Rows: 12,
    Message: '12 forecasts refreshed.',
    ProgressDone: null,
    ProgressTotal: null,
  },
});

const units = (): Job => ({
  Name: 'units.sync',
  Title: 'JOBS.UNITS_SYNC',
  Schedule: '0 5 * * *',
  TimeZone: 'Europe/London',
  Enabled: false,
  NextRuns: [],
  LastRun: {
    Id: 41,
    State: 'failed',
    StartedAt: '2026-11-28T05:00:00.000Z',
    Duration: 3400,
    Rows: null,
    Message: 'The recording system answered 503 Service Unavailable.',
    ProgressDone: null,
    ProgressTotal: null,
  },
});

const runs = [
  {
    Id: 41,
    JobName: 'units.sync',
    Trigger: 'schedule',
    State: 'failed',
    QueuedAt: '2026-11-28T05:00:00.000Z',
    DurationMs: 3400,
    RowCount: null,
    Message: 'The recording system answered 503 Service Unavailable.',
    RequestedBy_Name: null,
  },
  {
    Id: 40,
    JobName: 'weather.refresh',
    Trigger: 'manual',
    State: 'succeeded',
    QueuedAt: '2026-11-28T17:20:00.000Z',
    DurationMs: 1200,
    RowCount: 12,
    Message: '12 forecasts refreshed.',
    RequestedBy_Name: 'Alex Admin',
  },
];

type Handlers = Parameters<typeof fakeApi>[0];

function openJobs(jobs: () => Job[], handlers: Handlers = {}) {
  const api = fakeApi({
    [`GET /api/grids/${jobRunEntity.id}`]: () => page,
    'GET /odata/JobRunsOData': () => ({ '@odata.count': runs.length, value: runs }),
    'GET /api/jobs': () => jobs(),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser({ IsAdmin: true }),
    permissions: ['ManageJobs'],
    authenticated: true,
    loaded: true,
  });
  const router = openAppAt('/admin/jobs');
  return { api, router, user: userEvent.setup() };
}

const jobSection = (name: string) => screen.findByRole('region', { name });
const weatherTitle = 'Refresh weather forecasts';
const unitsTitle = 'Bring units in from the recording system';

describe('the jobs page', () => {
  it('lists each job with its schedule in words, its next runs and its last run, above the run history', async () => {
    openJobs(() => [weather(), units()]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Scheduled jobs' })).toBeVisible();

    const refresh = await jobSection(weatherTitle);
    expect(within(refresh).getByText('Every 10 minutes')).toBeVisible();
    expect(within(refresh).getByText('*/10 * * * *')).toBeVisible();
    expect(within(refresh).getByText('in Europe/London')).toBeVisible();
    expect(within(refresh).getByText('Active')).toBeVisible();
    expect(within(refresh).getAllByRole('listitem')).toHaveLength(5);
    expect(within(refresh).getByText('(in 8 minutes)')).toBeVisible();
    expect(within(refresh).getByText('Succeeded')).toBeVisible();
    expect(within(refresh).getByText('12 forecasts refreshed.')).toBeVisible();
    expect(within(refresh).getByText(/^1\.2 sec/)).toBeVisible();

    const sync = await jobSection(unitsTitle);
    expect(within(sync).getByText('At 05:00')).toBeVisible();
    expect(within(sync).getByText('Paused')).toBeVisible();
    expect(within(sync).getByText('None while the job is paused.')).toBeVisible();
    expect(within(sync).getByText('Failed')).toBeVisible();
    expect(within(sync).getByRole('button', { name: 'Resume' })).toBeVisible();

    // The history's codes read as words, and the jobs by their titles.
    const failedRun = await screen.findByRole('row', { name: /503 Service Unavailable/ });
    expect(within(failedRun).getByText(unitsTitle)).toBeVisible();
    expect(within(failedRun).getByText('Failed')).toBeVisible();
    expect(within(failedRun).getByText('Schedule')).toBeVisible();
    const manualRun = screen.getByRole('row', { name: /Alex Admin/ });
    expect(within(manualRun).getByText('Run now')).toBeVisible();
    expect(screen.queryByText('weather.refresh')).toBeNull();
    expect(screen.queryByText(/JOBS\./)).toBeNull();
  });

  it('runs a job now, follows the run until it ends and loads the history again', async () => {
    let job = weather();
    const { api, user } = openJobs(() => [job], {
      'POST /api/jobs/weather.refresh/run': () => new Response('{"RunId":42}', { status: 202 }),
    });
    const refresh = await jobSection(weatherTitle);
    await screen.findByRole('row', { name: /Alex Admin/ });
    const historyLoads = () => api.to('/odata/JobRunsOData').length;
    const before = historyLoads();

    await user.click(within(refresh).getByRole('button', { name: 'Run now' }));
    expect(api.to('/api/jobs/weather.refresh/run')[0]?.body).toEqual({});
    expect(await within(refresh).findByText('Run asked for: waiting for its turn.')).toBeVisible();
    expect(within(refresh).getByRole('button', { name: 'Run now' })).toBeDisabled();
    await waitFor(() => expect(historyLoads()).toBeGreaterThan(before));

    job = {
      ...weather(),
      LastRun: {
        ...weather().LastRun!,
        Id: 42,
        State: 'running',
        Duration: null,
        Message: null,
        ProgressDone: 3,
        ProgressTotal: 12,
      },
    };
    expect(await within(refresh).findByText('3 of 12', {}, { timeout: 5_000 })).toBeVisible();
    expect(within(refresh).getByText('Running')).toBeVisible();

    const running = api.to('/api/jobs').length;
    job = { ...weather(), LastRun: { ...weather().LastRun!, Id: 42, Message: 'Done again.' } };
    expect(await within(refresh).findByText('Done again.', {}, { timeout: 5_000 })).toBeVisible();
    expect(within(refresh).getByRole('button', { name: 'Run now' })).toBeEnabled();
    const ended = api.to('/api/jobs').length;
    expect(ended).toBeGreaterThan(running);
    // Once the run ended, the page stops asking.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.to('/api/jobs').length).toBe(ended);
  }, 20_000);

  it('pauses a job and shows it paused with no next runs', async () => {
    const { api, user } = openJobs(() => [weather()], {
      'PUT /api/jobs/weather.refresh': () => ({ ...weather(), Enabled: false, NextRuns: [] }),
    });
    const refresh = await jobSection(weatherTitle);
    await user.click(within(refresh).getByRole('button', { name: 'Pause' }));

    expect(await within(refresh).findByText('Paused')).toBeVisible();
    expect(within(refresh).getByText('None while the job is paused.')).toBeVisible();
    expect(within(refresh).getByRole('button', { name: 'Resume' })).toBeVisible();
    expect(api.to('/api/jobs/weather.refresh')[0]?.body).toEqual({ Enabled: false });
  });

  it("shows the server's refusal of a schedule at the cron field, then saves a good one and its next runs", async () => {
    const nextDays = [1, 2, 3, 4, 5].map((day) => `2026-12-0${day}T06:15:00.000Z`);
    const { api, user } = openJobs(() => [weather()], {
      'PUT /api/jobs/weather.refresh': (body) =>
        (body as { Schedule: string }).Schedule === '61 * * * *'
          ? Response.json(
              {
                Message: 'Schedule: minute 61 is out of range (0-59)',
                Errors: [{ Field: 'Schedule', Message: 'minute 61 is out of range (0-59)' }],
              },
              { status: 400 },
            )
          : {
              ...weather(),
              Schedule: '15 6 * * *',
              NextRuns: nextDays,
            },
    });
    const refresh = await jobSection(weatherTitle);
    await user.click(within(refresh).getByRole('button', { name: 'Change schedule' }));
    const cron = within(refresh).getByRole('textbox', { name: 'Schedule (cron)' });
    await user.clear(cron);
    await user.type(cron, '61 * * * *');
    await user.click(within(refresh).getByRole('button', { name: 'Save schedule' }));

    expect(await within(refresh).findByText('minute 61 is out of range (0-59)')).toBeVisible();
    expect(cron).toHaveAttribute('aria-invalid', 'true');
    expect(cron).toHaveAccessibleDescription(/minute 61 is out of range/);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(cron);
    await user.type(cron, '15 6 * * *');
    expect(within(refresh).getByText('At 06:15')).toBeVisible();
    await user.click(within(refresh).getByRole('button', { name: 'Save schedule' }));

    await waitFor(() =>
      expect(within(refresh).queryByRole('textbox', { name: 'Schedule (cron)' })).toBeNull(),
    );
    expect(within(refresh).getByText('15 6 * * *')).toBeVisible();
    expect(within(refresh).getAllByRole('listitem')[0]).toHaveTextContent(/1 Dec/);
    expect(api.to('/api/jobs/weather.refresh').map((request) => request.body)).toEqual([
      { Schedule: '61 * * * *', TimeZone: 'Europe/London' },
      { Schedule: '15 6 * * *', TimeZone: 'Europe/London' },
    ]);
  });

  it('retries a failed run with the run it retries', async () => {
    let job = units();
    const { api, user } = openJobs(() => [job], {
      'POST /api/jobs/units.sync/run': () => new Response('{"RunId":43}', { status: 202 }),
    });
    const sync = await jobSection(unitsTitle);
    expect(
      within(sync).getByText('The recording system answered 503 Service Unavailable.'),
    ).toBeVisible();

    job = {
      ...units(),
      LastRun: {
        ...units().LastRun!,
        Id: 43,
        State: 'succeeded',
        Message: '2 created, 1 updated.',
      },
    };
    await user.click(within(sync).getByRole('button', { name: 'Retry' }));
    expect(api.to('/api/jobs/units.sync/run')[0]?.body).toEqual({ RetryOf: 41 });
    expect(await within(sync).findByText('2 created, 1 updated.')).toBeVisible();
    expect(within(sync).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('is not opened without ManageJobs', async () => {
    await expectRefusedWith('/admin/jobs', ['ManageUnits']);
  });

  it('reads schedules in words in the language an administrator added, once its locale is loaded', async () => {
    expect(cronLocaleOf('en-gb')).toBe('en');
    expect(cronLocaleOf('fake')).toBe('en');
    expect(cronLocaleOf('de-at')).toBe('de');
    expect(cronLocaleOf('pt-br')).toBe('pt_BR');
    expect(cronLocaleOf('pt')).toBe('pt_PT');
    expect(cronLocaleOf('el')).toBe('en');
    await import('cronstrue/locales/de');
    expect(cronInWords('*/10 * * * *', 'de', true)).toBe('Alle 10 Minuten');
    expect(cronInWords('30 3 * * *', 'en', true)).toBe('At 03:30');
    expect(cronInWords('61 * * * *', 'en', true)).toBeNull();
  });
});
