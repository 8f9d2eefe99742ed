import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { claimDueForecastSites } from './repositories/weather-forecasts';
import { announceRefreshRunEnded } from './forecast-events';
import { refreshSite } from './forecasts';
import { weatherSettings } from './weather-settings';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RefreshOptions {
  db: Kysely<Database>;
  log: Log;
  /** Aborted when the server stops: the run ends after the site under way. */
  signal?: AbortSignal;
  now?: () => Date;
}

export interface RefreshRun {
  sites: number;
  fetched: number;
  changed: number;
  failed: number;
}

const minuteMs = 60_000;
/** Sites without a forecast are retried for this long after a reader asked for them. */
const requestedWindowMs = 24 * 60 * minuteMs;

/**
 * One refresh of cached forecasts (the `weather.refresh` job, every 10 minutes by default):
 * refreshes, one at a time, up to `Weather.RefreshSitesLimit` sites whose forecast is older
 * than `Weather.RefreshMinutes` (or that a reader asked for and could not get), longest
 * waiting first. Each site is claimed in the database first, so several instances share the
 * work. The run ends by telling `onRefreshRunEnded` listeners (the deliveries mark states
 * whose forecast went stale).
 */
export async function refreshDueForecasts({
  db,
  log,
  signal = new AbortController().signal,
  now = () => new Date(),
}: RefreshOptions): Promise<RefreshRun> {
  const settings = await weatherSettings(db);
  const at = now();
  const siteIds = await claimDueForecastSites(db, {
    // A little early, so that a run coming due a moment short of the period still catches them.
    attemptedBefore: new Date(at.getTime() - settings.refreshMinutes * minuteMs * 0.9),
    requestedSince: new Date(at.getTime() - requestedWindowMs),
    limit: settings.refreshSitesLimit,
    now: at,
  });
  const run: RefreshRun = { sites: siteIds.length, fetched: 0, changed: 0, failed: 0 };
  for (const siteId of siteIds) {
    if (signal.aborted) break;
    try {
      const result = await refreshSite(db, siteId, { signal, log, now });
      if (result.status === 'failed') run.failed += 1;
      else {
        run.fetched += 1;
        if (result.changed) run.changed += 1;
      }
    } catch (error) {
      if (signal.aborted) break;
      run.failed += 1;
      log.error({ err: error, siteId }, 'weather forecast refresh failed');
    }
  }
  if (run.sites > 0) log.info({ ...run }, 'weather forecasts refreshed');
  if (!signal.aborted) await announceRefreshRunEnded(db, now(), log);
  return run;
}
