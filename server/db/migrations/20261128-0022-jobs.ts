import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A recurring job as its administrator left it: the schedule (cron, in its time zone) and
  // whether it runs. A row is written when the release first declares the job.
  await sql`
    create table jobs (
      name text primary key,
      schedule text not null,
      time_zone text not null,
      enabled boolean not null,
      updated_at timestamptz not null default now(),
      updated_by integer
    )`.execute(db);
  // Each run of a job (scheduled, asked for, or a retry): what it did and how it ended.
  // queue_job_id is the queue's job; an interrupted run started again is a new row.
  await sql`
    create table job_runs (
      id bigint generated always as identity primary key,
      job_name text not null,
      queue_job_id uuid,
      trigger text not null,
      state text not null,
      queued_at timestamptz not null default now(),
      started_at timestamptz,
      ended_at timestamptz,
      duration_ms integer,
      row_count integer,
      progress_done integer,
      progress_total integer,
      message text,
      requested_by integer,
      retry_of bigint
    )`.execute(db);
  await sql`create index job_runs_by_job on job_runs (job_name, queued_at desc)`.execute(db);
  await sql`create index job_runs_by_time on job_runs (queued_at desc)`.execute(db);
  await sql`create index job_runs_by_queue_job on job_runs (queue_job_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists job_runs`.execute(db);
  await sql`drop table if exists jobs`.execute(db);
}
