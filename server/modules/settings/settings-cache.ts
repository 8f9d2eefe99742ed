import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { getSetting } from './settings-repository';

/** How long a setting read for every request is kept: a change may take this long to apply. */
const cacheMs = 15_000;
const caches = new WeakMap<
  Kysely<Database>,
  Map<string, { at: number; value: Promise<unknown> }>
>();

/**
 * A setting consulted on every request, read at most every 15 s per database. Inside a
 * transaction it is read afresh, as the transaction sees it.
 */
export function cachedSetting<T>(
  db: Kysely<Database> | Transaction<Database>,
  key: string,
  fallback: T,
): Promise<T> {
  if (db.isTransaction) return getSetting(db, key, fallback);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < cacheMs) return hit.value as Promise<T>;
  const value = getSetting(db, key, fallback);
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets every cached setting of a database, after settings were saved. */
export function forgetSettings(db: Kysely<Database>): void {
  caches.delete(db);
}
