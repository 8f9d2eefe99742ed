import type { JobDefinition } from '../jobs/index';
import { refreshDueForecasts } from './refresh-forecasts';

/**
 * Keeps cached forecasts fresh: every 10 minutes it refreshes the sites whose forecast is
 * older than `Weather.RefreshMinutes`, then the deliveries' states are worked out again.
 */
export const weatherRefreshJob: JobDefinition = {
  name: 'weather.refresh',
  title: 'JOBS.WEATHER_REFRESH',
  schedule: '*/10 * * * *',
  enabled: true,
  expireSeconds: 30 * 60,
  async run({ db, log, signal }) {
    const run = await refreshDueForecasts({ db, log, signal });
    if (run.sites > 0 && run.failed === run.sites) {
      throw new Error(`No forecast could be fetched for the ${run.sites} sites due.`);
    }
    return {
      rows: run.fetched,
      message: `${run.sites} sites due: ${run.fetched} fetched (${run.changed} changed), ${run.failed} failed.`,
    };
  },
};
