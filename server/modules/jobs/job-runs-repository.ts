import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobRunState, JobRunTrigger } from '#metadata';

export interface JobSettingsRow {
  name: string;
  schedule: string;
  timeZone: string;
  enabled: boolean;
}

/** The job's row as its administrator left it, written with the defaults the first time. */
export async function jobSettings(
  db: Kysely<Database>,
  defaults: JobSettingsRow,
): Promise<JobSettingsRow> {
  await db
    .insertInto('jobs')
    .values(defaults)
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  return db
    .selectFrom('jobs')
    .select(['name', 'schedule', 'timeZone', 'enabled'])
    .where('name', '=', defaults.name)
    .executeTakeFirstOrThrow();
}

export async function allJobSettings(db: Kysely<Database>): Promise<JobSettingsRow[]> {
  return db.selectFrom('jobs').select(['name', 'schedule', 'timeZone', 'enabled']).execute();
}

export async function saveJobSettings(
  db: Kysely<Database>,
  row: JobSettingsRow,
  userId: number | null,
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ ...row, updatedBy: userId })
    .onConflict((c) =>
      c.column('name').doUpdateSet({
        schedule: row.schedule,
        timeZone: row.timeZone,
        enabled: row.enabled,
        updatedAt: sql`now()`,
        updatedBy: userId,
      }),
    )
    .execute();
}

export interface NewRun {
  jobName: string;
  trigger: JobRunTrigger;
  state: JobRunState;
  queueJobId?: string | null;
  requestedBy?: number | null;
  retryOf?: string | null;
}

export async function insertRun(db: Kysely<Database>, run: NewRun): Promise<string> {
  const { id } = await db
    .insertInto('jobRuns')
    .values({
      jobName: run.jobName,
      trigger: run.trigger,
      state: run.state,
      queueJobId: run.queueJobId ?? null,
      requestedBy: run.requestedBy ?? null,
      retryOf: run.retryOf ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
}

export async function runById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('jobRuns')
    .select(['id', 'jobName', 'state', 'queueJobId', 'trigger'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The queue's job that carries the run, once it is sent. */
export async function setQueueJob(db: Kysely<Database>, runId: string, queueJobId: string) {
  await db.updateTable('jobRuns').set({ queueJobId }).where('id', '=', runId).execute();
}

/** Runs of this queue job still marked running: their worker stopped without saying how. */
export async function markInterrupted(
  db: Kysely<Database>,
  queueJobId: string,
): Promise<string | null> {
  const rows = await db
    .updateTable('jobRuns')
    .set({
      state: 'interrupted',
      endedAt: sql`now()`,
      message: 'Cut short (the server stopped or lost the run); run again.',
    })
    .where('queueJobId', '=', queueJobId)
    .where('state', '=', 'running')
    .returning('id')
    .execute();
  return rows.at(-1)?.id === undefined ? null : String(rows.at(-1)!.id);
}

/** The latest run of this queue job, whatever its state. */
export async function latestRunOf(db: Kysely<Database>, queueJobId: string) {
  return db
    .selectFrom('jobRuns')
    .select(['id', 'state'])
    .where('queueJobId', '=', queueJobId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function startRun(db: Kysely<Database>, runId: string, queueJobId: string) {
  await db
    .updateTable('jobRuns')
    .set({ state: 'running', startedAt: sql`now()`, queueJobId })
    .where('id', '=', runId)
    .execute();
}

export async function progressRun(
  db: Kysely<Database>,
  runId: string,
  done: number,
  total: number,
) {
  await db
    .updateTable('jobRuns')
    .set({ progressDone: done, progressTotal: total })
    .where('id', '=', runId)
    .where('state', '=', 'running')
    .execute();
}

export interface RunEnd {
  state: Extract<JobRunState, 'succeeded' | 'failed' | 'interrupted'>;
  rows?: number | undefined;
  message?: string | undefined;
}

export async function endRun(db: Kysely<Database>, runId: string, end: RunEnd): Promise<void> {
  await db
    .updateTable('jobRuns')
    .set({
      state: end.state,
      endedAt: sql`now()`,
      durationMs: sql<number>`greatest(0, round(extract(epoch from (now() - started_at)) * 1000))::integer`,
      rowCount: end.rows ?? null,
      message: end.message ?? null,
    })
    .where('id', '=', runId)
    .execute();
}

/** The last run of each job that has started, for the jobs list. */
export async function lastRuns(db: Kysely<Database>) {
  return db
    .selectFrom('jobRuns')
    .distinctOn('jobName')
    .select([
      'id',
      'jobName',
      'state',
      'startedAt',
      'durationMs',
      'rowCount',
      'message',
      'progressDone',
      'progressTotal',
    ])
    .where('startedAt', 'is not', null)
    .orderBy('jobName')
    .orderBy('startedAt', 'desc')
    .execute();
}

/** Forgets runs that ended before `before`; the number forgotten. */
export async function forgetRunsBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobRuns')
    .where('queuedAt', '<', before)
    .where('state', 'in', ['succeeded', 'failed', 'interrupted'])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
