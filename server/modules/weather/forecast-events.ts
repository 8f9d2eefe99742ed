import type { Kysely } from 'kysely';
import type { ForecastHour } from '#metadata';
import type { Database } from '../../db/schema';

/** A site's forecast changed: the hours that are new or have new values. */
export interface ForecastChange {
  siteId: number;
  hours: ForecastHour[];
}

export type ForecastChangeListener = (change: ForecastChange) => void | Promise<void>;

interface Log {
  error(details: object, message: string): void;
}

const listeners = new WeakMap<Kysely<Database>, Set<ForecastChangeListener>>();

/**
 * Calls `listener` after each refresh that changed a site's forecast in this database (e.g. to
 * recompute the states of the site's deliveries). Returns the function that unsubscribes.
 */
export function onForecastChanged(
  db: Kysely<Database>,
  listener: ForecastChangeListener,
): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells every listener, one after another; a listener's failure is logged, never thrown. */
export async function announceForecastChange(
  db: Kysely<Database>,
  change: ForecastChange,
  log?: Log,
): Promise<void> {
  for (const listener of listeners.get(db) ?? []) {
    try {
      await listener(change);
    } catch (error) {
      log?.error({ err: error, siteId: change.siteId }, 'a forecast change listener failed');
    }
  }
}

export type RefreshRunListener = (endedAt: Date) => void | Promise<void>;

const runListeners = new WeakMap<Kysely<Database>, Set<RefreshRunListener>>();

/**
 * Calls `listener` after each run of the forecast refresh in this database, whatever it
 * fetched (nothing, when the provider is down): the moment to look for states judged by a
 * forecast that has since gone stale. Returns the function that unsubscribes.
 */
export function onRefreshRunEnded(db: Kysely<Database>, listener: RefreshRunListener): () => void {
  let set = runListeners.get(db);
  if (!set) runListeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells every run listener, one after another; a listener's failure is logged, never thrown. */
export async function announceRefreshRunEnded(
  db: Kysely<Database>,
  endedAt: Date,
  log?: Log,
): Promise<void> {
  for (const listener of runListeners.get(db) ?? []) {
    try {
      await listener(endedAt);
    } catch (error) {
      log?.error({ err: error }, 'a forecast refresh listener failed');
    }
  }
}
