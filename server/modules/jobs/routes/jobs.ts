import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  type JobRun,
  jobRunEntity,
  jobRunSchema,
  jobRunStates,
  jobScheduleRequestSchema,
  jobSchema,
} from '#metadata';
import { listEntity } from '../../../engine/entity-list';
import { accessById } from '../../../engine/routes/caller';
import { AppError } from '../../../errors/app-error';
import type { JobDefinition } from '../job-definition';
import {
  allJobSettings,
  type JobSettingsRow,
  lastRuns,
  runById,
  saveJobSettings,
} from '../job-runs-repository';
import type { JobQueue } from '../job-queue';
import { isTimeZone, nextRuns, scheduleProblem } from '../schedule';

const manageJobs = { permission: 'ManageJobs' };

const nameParams = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const runsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { type: 'string', enum: [...jobRunStates] },
    /** Runs asked for at or after this time. */
    from: { type: 'string', format: 'date-time' },
    /** Runs asked for before this time. */
    to: { type: 'string', format: 'date-time' },
    top: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
    skip: { type: 'integer', minimum: 0, default: 0 },
  },
} as const;

const runBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    /** The failed run this one runs again. */
    RetryOf: { type: 'integer', minimum: 1 },
  },
} as const;

/** An OData string literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

type LastRunRow = Awaited<ReturnType<typeof lastRuns>>[number];

/** A job as the calls answer it. */
function jobView(definition: JobDefinition, settings: JobSettingsRow, run: LastRunRow | undefined) {
  return {
    Name: definition.name,
    Title: definition.title,
    Schedule: settings.schedule,
    TimeZone: settings.timeZone,
    Enabled: settings.enabled,
    NextRuns: settings.enabled
      ? nextRuns(settings.schedule, settings.timeZone).map((date) => date.toISOString())
      : [],
    LastRun: run?.startedAt
      ? {
          Id: Number(run.id),
          State: run.state as JobRun['State'],
          StartedAt: run.startedAt.toISOString(),
          Duration: run.durationMs,
          Rows: run.rowCount,
          Message: run.message,
          ProgressDone: run.progressDone,
          ProgressTotal: run.progressTotal,
        }
      : null,
  };
}

function unknownJob(name: string): AppError {
  return new AppError('NotFound', `There is no job called "${name}".`);
}

/**
 * The job calls, for holders of ManageJobs: the recurring jobs with their schedules and last
 * runs, a job's run history (the engine's list of JobRuns, so the same rules as
 * `odata/JobRunsOData`), run now or again, and the schedule changed, paused or resumed.
 */
export function jobRoutes(queue: JobQueue) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

    const jobOf = (name: string) => {
      const definition = queue.definition(name);
      if (!definition) throw unknownJob(name);
      return definition;
    };

    app.get(
      '/api/jobs',
      {
        config: manageJobs,
        schema: { response: { 200: { type: 'array', items: jobSchema } } },
      },
      async () => {
        const [saved, last] = await Promise.all([allJobSettings(app.db), lastRuns(app.db)]);
        return queue.definitions.map((definition) => {
          const settings =
            saved.find((row) => row.name === definition.name) ?? queue.defaultsOf(definition);
          return jobView(
            definition,
            settings,
            last.find((row) => row.jobName === definition.name),
          );
        });
      },
    );

    app.get(
      '/api/jobs/:name/runs',
      {
        config: manageJobs,
        schema: {
          params: nameParams,
          querystring: runsQuery,
          response: {
            200: {
              type: 'object',
              required: ['Items', 'Count'],
              properties: {
                Items: { type: 'array', items: jobRunSchema },
                Count: { type: 'integer' },
              },
            },
          },
        },
      },
      async (request) => {
        const definition = jobOf(request.params.name);
        const { state, from, to, top, skip } = request.query;
        const filters = [
          `JobName eq ${literal(definition.name)}`,
          ...(state ? [`State eq ${literal(state)}`] : []),
          ...(from ? [`QueuedAt ge ${new Date(from).toISOString()}`] : []),
          ...(to ? [`QueuedAt lt ${new Date(to).toISOString()}`] : []),
        ];
        const access = await accessById(request, jobRunEntity.id);
        const page = await listEntity<JobRun>(app.db, access, {
          $filter: filters.join(' and '),
          $orderby: 'QueuedAt desc,Id desc',
          $top: String(top),
          $skip: String(skip),
          $count: 'true',
        });
        return { Items: page.value, Count: page['@odata.count'] ?? page.value.length };
      },
    );

    app.post(
      '/api/jobs/:name/run',
      {
        config: manageJobs,
        schema: {
          params: nameParams,
          body: runBody,
          response: {
            202: {
              type: 'object',
              required: ['RunId'],
              properties: { RunId: { type: 'integer' } },
            },
          },
        },
      },
      async (request, reply) => {
        const definition = jobOf(request.params.name);
        const retryOf = request.body?.RetryOf;
        if (retryOf !== undefined) {
          const earlier = await runById(app.db, String(retryOf));
          if (!earlier || earlier.jobName !== definition.name) {
            throw new AppError('BadRequest', `RetryOf: run ${retryOf} is not a run of this job.`, [
              { Field: 'RetryOf', Message: 'is not a run of this job' },
            ]);
          }
        }
        const runId = await queue.runNow(definition.name, {
          userId: request.currentUser?.Id ?? null,
          retryOf: retryOf === undefined ? null : String(retryOf),
        });
        return reply.status(202).send({ RunId: Number(runId) });
      },
    );

    app.put(
      '/api/jobs/:name',
      {
        config: manageJobs,
        schema: {
          params: nameParams,
          body: jobScheduleRequestSchema,
          response: { 200: jobSchema },
        },
      },
      async (request) => {
        const definition = jobOf(request.params.name);
        const saved = (await allJobSettings(app.db)).find((row) => row.name === definition.name);
        const current = saved ?? queue.defaultsOf(definition);
        const next = {
          ...current,
          schedule: request.body.Schedule?.trim() ?? current.schedule,
          timeZone: request.body.TimeZone ?? current.timeZone,
          enabled: request.body.Enabled ?? current.enabled,
        };
        if (!isTimeZone(next.timeZone)) {
          throw new AppError(
            'BadRequest',
            `TimeZone: "${next.timeZone}" is not a known time zone.`,
            [{ Field: 'TimeZone', Message: 'is not a known IANA time zone' }],
          );
        }
        const problem = scheduleProblem(next.schedule, next.timeZone);
        if (problem) {
          throw new AppError('BadRequest', `Schedule: ${problem}`, [
            { Field: 'Schedule', Message: problem },
          ]);
        }
        await queue.applySchedule(next);
        await saveJobSettings(app.db, next, request.currentUser?.Id ?? null);
        const last = (await lastRuns(app.db)).find((row) => row.jobName === definition.name);
        return jobView(definition, next, last);
      },
    );
  };
}
