import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { claimDueForecastSites } from '../../repositories/weather-forecasts';
import { announceRefreshRunEnded } from './forecast-events';
import { refreshSite } from './forecasts';
import { weatherSettingDefaults, weatherSettings } from './weather-settings';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RefreshTaskOptions {
  db: Kysely<Database>;
  log: Log;
  now?: () => Date;
}

export interface RefreshRun {
  sites: number;
  fetched: number;
  changed: number;
  failed: number;
}

export interface RefreshTask {
  /** Runs soon (within 30 s), then every `Weather.RefreshMinutes`. */
  start(): void;
  /** One run: refreshes the due sites, one at a time. */
  runOnce(): Promise<RefreshRun>;
  /** Cancels the next run, aborts a fetch under way and waits for the run to end. */
  stop(): Promise<void>;
}

const minuteMs = 60_000;
const firstRunMaxMs = 30_000;
/** Sites without a forecast are retried for this long after a reader asked for them. */
const requestedWindowMs = 24 * 60 * minuteMs;

/**
 * Keeps cached forecasts fresh: every `Weather.RefreshMinutes` it refreshes, one at a time, up
 * to `Weather.RefreshSitesLimit` sites whose forecast is older than that (or that a reader
 * asked for and could not get), longest waiting first. Runs never overlap, and each site is
 * claimed in the database first, so several instances share the work. Each run ends by telling
 * `onRefreshRunEnded` listeners (the deliveries mark states whose forecast went stale). A
 * stand-in for the job queue.
 */
export function createRefreshTask({
  db,
  log,
  now = () => new Date(),
}: RefreshTaskOptions): RefreshTask {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let busy: Promise<unknown> = Promise.resolve();
  let started = false;

  async function runOnce(): Promise<RefreshRun> {
    const settings = await weatherSettings(db);
    const at = now();
    const siteIds = await claimDueForecastSites(db, {
      // A little early, so that a timer firing a moment short of the period still catches them.
      attemptedBefore: new Date(at.getTime() - settings.refreshMinutes * minuteMs * 0.9),
      requestedSince: new Date(at.getTime() - requestedWindowMs),
      limit: settings.refreshSitesLimit,
      now: at,
    });
    const run: RefreshRun = { sites: siteIds.length, fetched: 0, changed: 0, failed: 0 };
    for (const siteId of siteIds) {
      if (abort.signal.aborted) break;
      try {
        const result = await refreshSite(db, siteId, { signal: abort.signal, log, now });
        if (result.status === 'failed') run.failed += 1;
        else {
          run.fetched += 1;
          if (result.changed) run.changed += 1;
        }
      } catch (error) {
        if (abort.signal.aborted) break;
        run.failed += 1;
        log.error({ err: error, siteId }, 'weather forecast refresh failed');
      }
    }
    if (run.sites > 0) log.info({ ...run }, 'weather forecasts refreshed');
    if (!abort.signal.aborted) await announceRefreshRunEnded(db, now(), log);
    return run;
  }

  async function intervalMs(): Promise<number> {
    try {
      return (await weatherSettings(db)).refreshMinutes * minuteMs;
    } catch (error) {
      log.error({ err: error }, 'weather refresh settings unreadable');
      return weatherSettingDefaults['Weather.RefreshMinutes'] * minuteMs;
    }
  }

  function schedule(delayMs: number): void {
    if (abort.signal.aborted) return;
    timer = setTimeout(tick, Math.max(500, delayMs));
    timer.unref();
  }

  function tick(): void {
    timer = undefined;
    busy = runOnce()
      .catch((error: unknown) => {
        if (!abort.signal.aborted) log.error({ err: error }, 'weather forecast refresh failed');
      })
      .then(async () => {
        if (!abort.signal.aborted) schedule(await intervalMs());
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      busy = intervalMs().then((ms) => schedule(Math.min(ms, firstRunMaxMs)));
    },
    runOnce,
    async stop() {
      abort.abort();
      clearTimeout(timer);
      await busy;
      clearTimeout(timer);
    },
  };
}
