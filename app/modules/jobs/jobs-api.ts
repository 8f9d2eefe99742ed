import type { JobRunState } from '#metadata';
import { http } from '#platform/ui';

/** A job's latest started run, as `GET api/jobs` answers it. */
export interface JobLastRun {
  Id: number;
  State: JobRunState;
  StartedAt: string;
  /** Milliseconds; null while it runs. */
  Duration: number | null;
  Rows?: number | null;
  Message: string | null;
  ProgressDone?: number | null;
  ProgressTotal?: number | null;
}

/** A recurring job, as `GET api/jobs` answers it. */
export interface Job {
  Name: string;
  /** A translation key. */
  Title: string;
  /** Cron, five fields, in TimeZone. */
  Schedule: string;
  TimeZone: string;
  Enabled: boolean;
  /** The next five times it comes due; none while paused. */
  NextRuns: string[];
  LastRun: JobLastRun | null;
}

export interface JobSchedule {
  Schedule: string;
  TimeZone: string;
}

const jobUrl = (name: string) => `/api/jobs/${encodeURIComponent(name)}`;

export const jobsApi = {
  /** Polls pass `quiet`: a failed poll is tried again, not shown. */
  list: (quiet = false) =>
    http.get<Job[]>('/api/jobs', quiet ? { errorHandling: 'none' } : undefined),
  run: (name: string, retryOf?: number) =>
    http.post<{ RunId: number }>(`${jobUrl(name)}/run`, {
      body: retryOf === undefined ? {} : { RetryOf: retryOf },
    }),
  setEnabled: (name: string, enabled: boolean) =>
    http.put<Job>(jobUrl(name), { body: { Enabled: enabled } }),
  /** A refusal (400) is left to the caller, which shows it at its field. */
  reschedule: (name: string, schedule: JobSchedule) =>
    http.put<Job>(jobUrl(name), { body: schedule, errorHandling: 'none' }),
};

/** Whether a run has not ended yet. */
export const isUnderWay = (state: JobRunState) => state === 'queued' || state === 'running';
