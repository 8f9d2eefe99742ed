import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type Db, type Job, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { JobDefinition } from './job-definition';
import {
  endRun,
  insertRun,
  jobSettings,
  type JobSettingsRow,
  latestRunOf,
  markInterrupted,
  progressRun,
  runById,
  setQueueJob,
  startRun,
} from './job-runs-repository';

export interface JobQueueOptions {
  db: Kysely<Database>;
  /** The same database as node-postgres answers a text of several statements (see rawQuery). */
  rawQuery: DatabaseHandle['rawQuery'];
  kind: 'postgres' | 'pglite';
  definitions: readonly JobDefinition[];
  log: FastifyBaseLogger;
  /** The time zone a job's schedule starts in. */
  timeZone: string;
  /**
   * This instance runs jobs and keeps their schedules. When false it only sends runs that an
   * administrator asks for, for another instance to run, and starts the queue at the first.
   */
  working: boolean;
}

/** What a run is sent with. */
interface RunData {
  /** The run row made when it was asked for (absent for a scheduled run). */
  runId?: string;
}

export class JobUnknownError extends Error {}

/**
 * The database as pg-boss takes it. pg-boss reads the result of every statement of its
 * multi-statement texts (a lock's row, then the claim): node-postgres answers them all, where
 * Kysely keeps only the last (pg-boss's maintenance then failed on every pass).
 */
export function queueDatabase(rawQuery: DatabaseHandle['rawQuery']): Db {
  return { executeSql: (text, values) => rawQuery(text, values) as ReturnType<Db['executeSql']> };
}

const progressEveryMs = 1_000;
const retryStartMs = 5_000;
/** The queue's own complaints (a poll failing while the database is away) at most this often. */
const complainEveryMs = 60_000;
const stopTimeoutMs = 10_000;
const messageLength = 2_000;

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, messageLength) ||
  'The job failed without saying why.';

/**
 * The job queue: pg-boss on the application's own database (PostgreSQL, or PGlite through the
 * same one-connection pool), so that a schedule comes due once for all instances, a run is taken
 * by one instance, and a run cut short by a restart is run again once its time is up. Each run
 * is also a row of `job_runs`, which the jobs page reads through the engine.
 */
export class JobQueue {
  readonly #options: JobQueueOptions;
  readonly #byName: ReadonlyMap<string, JobDefinition>;
  readonly #stopping = new AbortController();
  #starting: Promise<PgBoss> | null = null;

  constructor(options: JobQueueOptions) {
    this.#options = options;
    this.#byName = new Map(options.definitions.map((definition) => [definition.name, definition]));
  }

  get definitions(): readonly JobDefinition[] {
    return this.#options.definitions;
  }

  definition(name: string): JobDefinition | undefined {
    return this.#byName.get(name);
  }

  defaultsOf(definition: JobDefinition): JobSettingsRow {
    return {
      name: definition.name,
      schedule: definition.schedule,
      timeZone: this.#options.timeZone,
      enabled: definition.enabled,
    };
  }

  /**
   * Starts the queue on a working instance, in the background after `delayMs` (readiness does
   * not wait for it, and the first requests do not share the process with its 0.5 s of
   * start-up), trying again every 5 s while the database refuses; on others it starts at its
   * first use. A run asked for meanwhile starts it at once.
   */
  start(delayMs = 0): void {
    if (!this.#options.working) return;
    const attempt = () => {
      if (this.#stopping.signal.aborted) return;
      this.#started().catch((error: unknown) => {
        this.#options.log.warn({ err: error }, 'job queue could not start; trying again in 5 s');
        setTimeout(attempt, retryStartMs).unref();
      });
    };
    if (delayMs > 0) setTimeout(attempt, delayMs).unref();
    else attempt();
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    const boss = await this.#starting?.catch(() => null);
    await boss?.stop({ graceful: true, timeout: stopTimeoutMs, close: false });
  }

  /** Asks for a run now; resolves with its run id once the queue holds it. */
  async runNow(name: string, by: { userId: number | null; retryOf?: string | null }) {
    const definition = this.#byName.get(name);
    if (!definition) throw new JobUnknownError(name);
    const { db } = this.#options;
    const runId = await insertRun(db, {
      jobName: name,
      trigger: by.retryOf ? 'retry' : 'manual',
      state: 'queued',
      requestedBy: by.userId,
      retryOf: by.retryOf ?? null,
    });
    try {
      const boss = await this.#started();
      const queueJobId = await boss.send(name, { runId } satisfies RunData);
      if (queueJobId) await setQueueJob(db, runId, queueJobId);
    } catch (error) {
      await endRun(db, runId, { state: 'failed', message: `Not queued: ${messageOf(error)}` });
      throw error;
    }
    return runId;
  }

  /** Puts the administrator's schedule into the queue (or takes it out while paused). */
  async applySchedule(settings: JobSettingsRow): Promise<void> {
    const boss = await this.#started();
    await this.#schedule(boss, settings);
  }

  async #schedule(boss: PgBoss, settings: JobSettingsRow) {
    if (settings.enabled) {
      await boss.schedule(settings.name, settings.schedule, null, { tz: settings.timeZone });
    } else {
      await boss.unschedule(settings.name);
    }
  }

  #started(): Promise<PgBoss> {
    this.#starting ??= this.#start().catch((error: unknown) => {
      this.#starting = null;
      throw error;
    });
    return this.#starting;
  }

  async #start(): Promise<PgBoss> {
    const { db, kind, log, working } = this.#options;
    const boss = new PgBoss({
      db: queueDatabase(this.#options.rawQuery),
      backend: kind,
      schema: 'pgboss',
      schedule: working,
      supervise: working,
      application_name: 'asphalt-scheduler-jobs',
    });
    let complained = 0;
    boss.on('error', (error) => {
      if (Date.now() - complained < complainEveryMs) return;
      complained = Date.now();
      log.warn({ err: error }, 'job queue: %s (said at most once a minute)', error.message);
    });
    boss.on('warning', (warning) => log.info({ warning }, 'job queue warning'));
    await boss.start();
    for (const definition of this.#options.definitions) {
      await boss.createQueue(definition.name, {
        retryLimit: definition.retries ?? 1,
        retryDelay: definition.retryDelaySeconds ?? 60,
        expireInSeconds: definition.expireSeconds ?? 15 * 60,
      });
      if (!working) continue;
      await this.#schedule(boss, await jobSettings(db, this.defaultsOf(definition)));
      await boss.work<RunData>(
        definition.name,
        { pollingIntervalSeconds: 2, includeMetadata: true },
        async ([job]) => {
          if (job) await this.#run(definition, job);
        },
      );
    }
    return boss;
  }

  async #run(definition: JobDefinition, job: Job<RunData>): Promise<void> {
    const { db, log } = this.#options;
    const interrupted = await markInterrupted(db, job.id);
    const asked = job.data?.runId ? await runById(db, job.data.runId) : undefined;
    let runId: string;
    if (asked?.state === 'queued') {
      runId = String(asked.id);
    } else if (asked || interrupted) {
      // Run again by the queue: after a failure or a run cut short.
      const previous = interrupted ?? String((await latestRunOf(db, job.id))?.id ?? asked!.id);
      runId = await insertRun(db, {
        jobName: definition.name,
        trigger: 'retry',
        state: 'queued',
        retryOf: previous,
      });
    } else {
      const settings = await jobSettings(db, this.defaultsOf(definition));
      // Paused after this run was scheduled: it does not run.
      if (!settings.enabled) return;
      const previous = await latestRunOf(db, job.id);
      runId = await insertRun(db, {
        jobName: definition.name,
        trigger: previous ? 'retry' : 'schedule',
        state: 'queued',
        retryOf: previous ? String(previous.id) : null,
      });
    }
    await startRun(db, runId, job.id);
    const runLog = log.child({ job: definition.name, run: runId });
    let lastProgress = 0;
    try {
      const outcome = await definition.run({
        db,
        log: runLog,
        signal: this.#stopping.signal,
        data: {},
        progress: (done, total) => {
          const now = Date.now();
          if (now - lastProgress < progressEveryMs) return;
          lastProgress = now;
          void progressRun(db, runId, done, total).catch(() => undefined);
        },
      });
      // A run that gave up because the server is stopping has not done its work.
      if (this.#stopping.signal.aborted) throw new Error('stopped');
      await endRun(db, runId, {
        state: 'succeeded',
        rows: outcome?.rows,
        message: outcome?.message,
      });
      runLog.info({ rows: outcome?.rows }, 'job run succeeded');
    } catch (error) {
      const stopped = this.#stopping.signal.aborted;
      await endRun(db, runId, {
        state: stopped ? 'interrupted' : 'failed',
        message: stopped ? 'Cut short by the server stopping; it runs again.' : messageOf(error),
      }).catch(() => undefined);
      runLog.warn({ err: error }, 'job run failed');
      throw error;
    }
  }
}
