/** The jobs page: the recurring jobs, their runs and the job titles the modules declare. */
export const jobsTexts: Record<string, string> = {
  'ENTITY.JOB_RUN.JOB': 'Job',
  'ENTITY.JOB_RUN.TRIGGER': 'Started by',
  'ENTITY.JOB_RUN.STATE': 'Result',
  'ENTITY.JOB_RUN.QUEUED_AT': 'Asked for at',
  'ENTITY.JOB_RUN.STARTED_AT': 'Started at',
  'ENTITY.JOB_RUN.ENDED_AT': 'Ended at',
  'ENTITY.JOB_RUN.DURATION': 'Duration (ms)',
  'ENTITY.JOB_RUN.ROWS': 'Rows',
  'ENTITY.JOB_RUN.PROGRESS_DONE': 'Done',
  'ENTITY.JOB_RUN.PROGRESS_TOTAL': 'Of',
  'ENTITY.JOB_RUN.MESSAGE': 'Message',
  'ENTITY.JOB_RUN.RETRY_OF': 'Retry of run',
  'ENTITY.JOB_RUN.REQUESTED_BY': 'Asked for by',

  'JOBS.TRIGGER.SCHEDULE': 'Schedule',
  'JOBS.TRIGGER.MANUAL': 'Run now',
  'JOBS.TRIGGER.RETRY': 'Retry',
  'JOBS.STATE.QUEUED': 'Waiting',
  'JOBS.STATE.RUNNING': 'Running',
  'JOBS.STATE.SUCCEEDED': 'Succeeded',
  'JOBS.STATE.FAILED': 'Failed',
  'JOBS.STATE.INTERRUPTED': 'Cut short',

  'JOBS.WEATHER_REFRESH': 'Refresh weather forecasts',
  'JOBS.UNITS_SYNC': 'Bring units in from the recording system',
  'JOBS.HOUSEKEEPING': 'Clear expired tickets, sessions and captchas',
};
