import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ForecastChange } from '../../weather/index';
import { longestForecastStepMs } from './forecast-hour';
import { recomputeDeliveries, type RecomputeOptions } from './recompute';

interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A site's deliveries to recompute: StartTime0 from..to, either end open when undefined. */
interface SiteWindow {
  from: Date | undefined;
  to: Date | undefined;
}

export interface ForecastRecompute {
  /** Queues the recompute a forecast change calls for; returns at once. */
  schedule(change: ForecastChange): void;
  /** Resolves once nothing is queued or running. */
  idle(): Promise<void>;
  /** Stops after the batch under way and waits for it. */
  stop(): Promise<void>;
}

const hourMs = 3_600_000;

/**
 * The deliveries a change affects: those in its changed hours, from the earliest to the end of
 * the latest (a forecast step may be three hours). A change that only removed hours says not
 * which: then every delivery at the site from the current hour on.
 */
function windowOf(change: ForecastChange, now: Date): SiteWindow {
  const times = change.hours.map((hour) => Date.parse(hour.time)).filter(Number.isFinite);
  if (times.length === 0) {
    return { from: new Date(Math.floor(now.getTime() / hourMs) * hourMs), to: undefined };
  }
  const first = times.reduce((a, b) => Math.min(a, b));
  const last = times.reduce((a, b) => Math.max(a, b));
  return { from: new Date(first), to: new Date(last + longestForecastStepMs - 1) };
}

const earlier = (a: Date | undefined, b: Date | undefined) =>
  a === undefined || b === undefined ? undefined : a < b ? a : b;
const later = (a: Date | undefined, b: Date | undefined) =>
  a === undefined || b === undefined ? undefined : a > b ? a : b;

/**
 * Recomputes deliveries after forecast changes, one site at a time, in the background: the
 * listener only queues. A site changing again while queued widens its queued window; while
 * its recompute runs, one more run is queued (never one per change).
 */
export function createForecastRecompute(
  db: Kysely<Database>,
  { log, now = () => new Date(), batchSize }: { log?: Log; now?: () => Date; batchSize?: number },
): ForecastRecompute {
  const queued = new Map<number, SiteWindow>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const options: RecomputeOptions = { batchSize, now, log, stopped: () => stopped };

  async function drain(): Promise<void> {
    for (const [siteId, window] of queued) {
      queued.delete(siteId);
      if (stopped) return;
      try {
        await recomputeDeliveries(db, { siteId, ...window }, options);
      } catch (error) {
        if (!stopped) log?.error({ err: error, siteId }, 'delivery states not recomputed');
      }
    }
  }

  function start(): void {
    if (running || stopped) return;
    running = drain().finally(() => {
      running = null;
      if (queued.size > 0) start();
    });
  }

  return {
    schedule(change) {
      if (stopped) return;
      const window = windowOf(change, now());
      const waiting = queued.get(change.siteId);
      queued.set(
        change.siteId,
        waiting
          ? { from: earlier(waiting.from, window.from), to: later(waiting.to, window.to) }
          : window,
      );
      start();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      queued.clear();
      while (running) await running;
    },
  };
}
