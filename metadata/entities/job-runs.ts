import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { column } from '../engine/parts';

/** How a run came about. */
export const jobRunTriggers = ['schedule', 'manual', 'retry'] as const;
export type JobRunTrigger = (typeof jobRunTriggers)[number];

/** Where a run is: waiting for a worker, running, or how it ended. */
export const jobRunStates = ['queued', 'running', 'succeeded', 'failed', 'interrupted'] as const;
export type JobRunState = (typeof jobRunStates)[number];

const count = (title: string) => ({ type: ['integer', 'null'], title }) as const;
const time = (title: string) => ({ type: ['string', 'null'], format: 'date-time', title }) as const;

/** One run of a scheduled job, as the jobs page's history shows it. */
export const jobRunSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'JobName', 'Trigger', 'State', 'QueuedAt'],
  properties: {
    Id: { type: 'integer', title: 'ENTITY.ID', readOnly: true },
    JobName: { type: 'string', title: 'ENTITY.JOB_RUN.JOB' },
    Trigger: { type: 'string', enum: [...jobRunTriggers], title: 'ENTITY.JOB_RUN.TRIGGER' },
    State: { type: 'string', enum: [...jobRunStates], title: 'ENTITY.JOB_RUN.STATE' },
    QueuedAt: { type: 'string', format: 'date-time', title: 'ENTITY.JOB_RUN.QUEUED_AT' },
    StartedAt: time('ENTITY.JOB_RUN.STARTED_AT'),
    EndedAt: time('ENTITY.JOB_RUN.ENDED_AT'),
    DurationMs: count('ENTITY.JOB_RUN.DURATION'),
    RowCount: count('ENTITY.JOB_RUN.ROWS'),
    ProgressDone: count('ENTITY.JOB_RUN.PROGRESS_DONE'),
    ProgressTotal: count('ENTITY.JOB_RUN.PROGRESS_TOTAL'),
    Message: { type: ['string', 'null'], title: 'ENTITY.JOB_RUN.MESSAGE' },
    RetryOf: count('ENTITY.JOB_RUN.RETRY_OF'),
    RequestedBy_Name: { type: ['string', 'null'], title: 'ENTITY.JOB_RUN.REQUESTED_BY' },
  },
} as const;

export type JobRun = FromSchema<typeof jobRunSchema>;

/**
 * The run history of the scheduled jobs: written by the job queue alone, read by holders of
 * ManageJobs, newest first; kept for `Jobs.HistoryDays`.
 */
export const jobRunEntity = {
  id: 41,
  name: 'JobRuns',
  entityType: 'JobRun',
  schema: jobRunSchema,
  form: {},
  screens: { list: '/admin/jobs', detail: null, listScreen: 'jobs' },
  permissions: {
    read: 'ManageJobs',
    create: '!authorized',
    update: '!authorized',
    delete: '!authorized',
  },
  storage: {
    table: 'job_runs',
    key: 'id',
    versionColumn: 'id',
    fields: {
      Id: 'id',
      JobName: 'job_name',
      Trigger: 'trigger',
      State: 'state',
      QueuedAt: 'queued_at',
      StartedAt: 'started_at',
      EndedAt: 'ended_at',
      DurationMs: 'duration_ms',
      RowCount: 'row_count',
      ProgressDone: 'progress_done',
      ProgressTotal: 'progress_total',
      Message: 'message',
      RetryOf: 'retry_of',
      RequestedBy_Name: {
        lookup: {
          table: 'users',
          key: 'id',
          column: { concat: ['first_name', 'surname'], separator: ' ', fallback: 'name' },
          foreignKey: 'requested_by',
        },
      },
    },
  },
  grid: {
    PageTitle: 'ROUTES.JOBS',
    ListUrl: '/odata/JobRunsOData',
    DetailUrl: null,
    PageSize: 10,
    DefaultSort: [{ Field: 'QueuedAt', Desc: true }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    // Widths that fit every column on a laptop; the jobs page wraps the job and the message.
    Columns: [
      column(1, 'QueuedAt', 'ENTITY.JOB_RUN.QUEUED_AT', 'datetime'),
      column(2, 'JobName', 'ENTITY.JOB_RUN.JOB', 'string', null, {
        FilterByValuesOnly: true,
        Width: 220,
      }),
      column(3, 'State', 'ENTITY.JOB_RUN.STATE', 'string', null, {
        FilterByValuesOnly: true,
        Width: 130,
      }),
      column(4, 'Trigger', 'ENTITY.JOB_RUN.TRIGGER', 'string', null, {
        FilterByValuesOnly: true,
        Width: 130,
      }),
      column(5, 'DurationMs', 'ENTITY.JOB_RUN.DURATION', 'number', '#,##0', { Width: 150 }),
      column(6, 'RowCount', 'ENTITY.JOB_RUN.ROWS', 'number', '#,##0', { Width: 100 }),
      column(7, 'Message', 'ENTITY.JOB_RUN.MESSAGE', 'string', null, { Width: 320 }),
      column(8, 'RequestedBy_Name', 'ENTITY.JOB_RUN.REQUESTED_BY', 'string', null, { Width: 150 }),
    ],
    Actions: [],
    RowActions: [],
  },
} as const satisfies EntityDefinition;

/** The calls of the jobs page (`api/jobs`): what the server answers and the app reads. */
const nullableText = { type: ['string', 'null'] } as const;
export const jobLastRunSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['Id', 'State', 'StartedAt', 'Duration', 'Message'],
  properties: {
    Id: { type: 'integer' },
    State: { type: 'string', enum: [...jobRunStates] },
    StartedAt: { type: 'string', format: 'date-time' },
    /** Milliseconds; null while it runs. */
    Duration: { type: ['integer', 'null'] },
    Rows: { type: ['integer', 'null'] },
    Message: nullableText,
    ProgressDone: { type: ['integer', 'null'] },
    ProgressTotal: { type: ['integer', 'null'] },
  },
} as const;

export const jobSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'Title', 'Schedule', 'TimeZone', 'Enabled', 'NextRuns', 'LastRun'],
  properties: {
    Name: { type: 'string' },
    /** A translation key. */
    Title: { type: 'string' },
    /** Cron, five fields (minute hour day month weekday), in TimeZone. */
    Schedule: { type: 'string' },
    TimeZone: { type: 'string' },
    Enabled: { type: 'boolean' },
    /** The next five times it comes due; none while paused. */
    NextRuns: { type: 'array', items: { type: 'string', format: 'date-time' } },
    LastRun: jobLastRunSchema,
  },
} as const;

/** Body of `PUT api/jobs/{name}`: pause or resume, or a new schedule or zone. */
export const jobScheduleRequestSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    Enabled: { type: 'boolean' },
    Schedule: { type: 'string', minLength: 1, maxLength: 200 },
    TimeZone: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;

export type Job = FromSchema<typeof jobSchema>;
export type JobLastRun = NonNullable<Job['LastRun']>;
export type JobScheduleRequest = FromSchema<typeof jobScheduleRequestSchema>;
