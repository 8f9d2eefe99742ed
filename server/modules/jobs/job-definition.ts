import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a job's run is given. */
export interface JobContext {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Aborted when the server stops: end soon; the run is retried after the restart. */
  signal: AbortSignal;
  /** Says how far the run has got (shown on the jobs page; written at most once a second). */
  progress(done: number, total: number): void;
  /** What the run was asked with (`POST api/jobs/{name}/run` passes none). */
  data: Readonly<Record<string, unknown>>;
}

/** How a run ended well: the rows it touched and a line for the run history. */
export interface JobOutcome {
  rows?: number;
  message?: string;
}

/**
 * A job a module declares: recurring on a schedule (cron, five fields, in a time zone) that an
 * administrator may change, pause and resume, and runnable on demand. A run that throws is
 * shown failed with its message, and is retried `retries` times after `retryDelaySeconds`
 * before that; a run cut by a restart runs again.
 */
export interface JobDefinition {
  /** Stable, e.g. `weather.refresh`: the queue's name and the calls' `{name}`. */
  name: string;
  /** A translation key for the jobs page, e.g. `JOBS.WEATHER_REFRESH`. */
  title: string;
  /** The schedule a new installation starts with. */
  schedule: string;
  /** Whether a new installation runs it on its schedule. */
  enabled: boolean;
  /** Runs still going after this are taken as lost and run again. Default 15 minutes. */
  expireSeconds?: number;
  /** Default 1. */
  retries?: number;
  /** Default 60. */
  retryDelaySeconds?: number;
  run(context: JobContext): Promise<JobOutcome | void>;
}
