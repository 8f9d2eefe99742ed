import type { Job, JobRunState, JobScheduleRequest } from '#metadata';
import { http } from '#platform/ui';

export type { Job, JobLastRun } from '#metadata';

/** What Change schedule sends. */
export type JobSchedule = Required<Omit<JobScheduleRequest, 'Enabled'>>;

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
