import type { Kysely } from 'kysely';
import { type Forecast, type ForecastHour, forecastValueFields } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import {
  deleteForecastHours,
  deleteForecastHoursBefore,
  findForecastFetch,
  forecastHoursFrom,
  recordForecastFetch,
  upsertForecastHours,
} from './repositories/weather-forecasts';
import { findActiveWeatherSite, type WeatherSiteRow } from './repositories/weather-sites';
import { announceForecastChange } from './forecast-events';
import type { GeoPoint, ProviderName } from './providers/index';
import { configuredProvider, weatherSettings, withoutKey } from './weather-settings';

export const weatherSiteNotFound = 'The weather site does not exist.';

const hourMs = 3_600_000;
/** Past hours kept per site, for looking back at a day's deliveries; older ones are deleted. */
const pastHoursKept = 7 * 24;

interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ForecastReadOptions {
  /** The clock, for tests. */
  now?: () => Date;
  log?: Log;
}

export interface RefreshOptions extends ForecastReadOptions {
  /** Stops a fetch under way (the refresh task's shutdown). */
  signal?: AbortSignal;
  /** A reader asked for this site: the refresh task keeps trying it for a while. */
  requested?: boolean;
}

export type RefreshResult =
  | { status: 'fetched'; provider: ProviderName; changed: boolean; changedHours: ForecastHour[] }
  | { status: 'failed'; error: string };

const hourStart = (now: Date) => new Date(Math.floor(now.getTime() / hourMs) * hourMs);

/**
 * A site's cached forecast from the current hour on, fetched first when there is none yet.
 * A provider that fails leaves the last good forecast (marked `stale` once older than
 * `Weather.StaleAfterHours`); null when there is none. An unknown or inactive site is a 404.
 */
export async function forecastForSite(
  db: Kysely<Database>,
  siteId: number,
  options: ForecastReadOptions = {},
): Promise<Forecast | null> {
  const site = await findActiveWeatherSite(db, siteId);
  if (!site) throw new AppError('NotFound', weatherSiteNotFound);
  const cached = await cachedForecast(db, site, options);
  if (cached) return cached;
  await refreshSite(db, siteId, { ...options, requested: true });
  return cachedForecast(db, site, options);
}

async function cachedForecast(
  db: Kysely<Database>,
  site: WeatherSiteRow,
  options: ForecastReadOptions,
): Promise<Forecast | null> {
  const now = options.now?.() ?? new Date();
  const fetch = await findForecastFetch(db, site.id);
  if (!fetch?.fetchedAt || !fetch.provider) return null;
  const hours = await forecastHoursFrom(db, site.id, hourStart(now));
  if (hours.length === 0) return null;
  const { staleAfterHours } = await weatherSettings(db);
  return {
    siteId: site.id,
    siteName: site.name,
    latitude: site.latitude,
    longitude: site.longitude,
    provider: fetch.provider,
    simulated: fetch.provider === 'simulated',
    fetchedAt: fetch.fetchedAt.toISOString(),
    stale: now.getTime() - fetch.fetchedAt.getTime() > staleAfterHours * hourMs,
    hours,
  };
}

const inFlight = new WeakMap<Kysely<Database>, Map<number, Promise<RefreshResult>>>();

/**
 * Fetches a site's forecast and stores it in one transaction, telling the `onForecastChanged`
 * listeners when any value changed. A provider failure is recorded on the site and returned,
 * never thrown; the last good forecast stays. Concurrent calls for a site share one fetch.
 */
export function refreshSite(
  db: Kysely<Database>,
  siteId: number,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  let running = inFlight.get(db);
  if (!running) inFlight.set(db, (running = new Map()));
  const current = running.get(siteId);
  if (current) return current;
  const started = fetchAndStore(db, siteId, options).finally(() => running.delete(siteId));
  running.set(siteId, started);
  return started;
}

async function fetchAndStore(
  db: Kysely<Database>,
  siteId: number,
  options: RefreshOptions,
): Promise<RefreshResult> {
  const site = await findActiveWeatherSite(db, siteId);
  if (!site) throw new AppError('NotFound', weatherSiteNotFound);
  const settings = await weatherSettings(db);
  const now = options.now?.() ?? new Date();
  const requested = options.requested ? { requestedAt: now } : {};
  let provider: ProviderName;
  let hours: ForecastHour[];
  try {
    const source = configuredProvider(settings, options.now);
    provider = source.name;
    hours = normalised(await source.forecast(site, { signal: options.signal }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = withoutKey(messageOf(error), settings).slice(0, 1000);
    await recordForecastFetch(db, siteId, { lastAttemptAt: now, lastError: message, ...requested });
    options.log?.warn(
      { siteId, provider: settings.provider, reason: message },
      'weather forecast not fetched',
    );
    return { status: 'failed', error: message };
  }

  const { changedHours, removed } = await db.transaction().execute(async (trx) => {
    const cached = await forecastHoursFrom(trx, siteId, new Date(hours[0]!.time));
    const before = new Map(cached.map((hour) => [hour.time, hour]));
    const fresh = new Set(hours.map((hour) => hour.time));
    const changed = hours.filter((hour) => !sameValues(before.get(hour.time), hour));
    await upsertForecastHours(trx, siteId, changed);
    const gone = cached.filter((hour) => !fresh.has(hour.time)).map((hour) => hour.time);
    const deleted = await deleteForecastHours(trx, siteId, gone);
    await deleteForecastHoursBefore(trx, siteId, new Date(now.getTime() - pastHoursKept * hourMs));
    await recordForecastFetch(trx, siteId, {
      provider,
      fetchedAt: now,
      lastAttemptAt: now,
      lastError: null,
      ...requested,
    });
    return { changedHours: changed, removed: deleted };
  });
  const changed = changedHours.length > 0 || removed > 0;
  if (changed) await announceForecastChange(db, { siteId, hours: changedHours }, options.log);
  return { status: 'fetched', provider, changed, changedHours };
}

/**
 * A forecast for any point straight from the configured provider (nothing cached), from the
 * current hour on; null when the provider fails.
 */
export async function forecastForPoint(
  db: Kysely<Database>,
  point: GeoPoint,
  options: ForecastReadOptions = {},
): Promise<Forecast | null> {
  const settings = await weatherSettings(db);
  const now = options.now?.() ?? new Date();
  try {
    const source = configuredProvider(settings, options.now);
    const from = hourStart(now).getTime();
    const hours = normalised(await source.forecast(point)).filter(
      (hour) => Date.parse(hour.time) >= from,
    );
    if (hours.length === 0) return null;
    return {
      siteId: null,
      siteName: null,
      latitude: point.latitude,
      longitude: point.longitude,
      provider: source.name,
      simulated: source.simulated,
      fetchedAt: now.toISOString(),
      stale: false,
      hours,
    };
  } catch (error) {
    const reason = withoutKey(messageOf(error), settings);
    options.log?.warn({ provider: settings.provider, reason }, 'weather forecast not fetched');
    return null;
  }
}

/** Times in one spelling (as the database gives them back), one hour per time, in order. */
function normalised(hours: readonly ForecastHour[]): ForecastHour[] {
  const byTime = new Map<string, ForecastHour>();
  for (const hour of hours) {
    const time = new Date(hour.time);
    if (Number.isNaN(time.getTime())) continue;
    byTime.set(time.toISOString(), { ...hour, time: time.toISOString() });
  }
  const result = [...byTime.values()].sort((a, b) => a.time.localeCompare(b.time));
  if (result.length === 0) throw new Error('the provider answered with no hours');
  return result;
}

function sameValues(cached: ForecastHour | undefined, fresh: ForecastHour): boolean {
  return (
    cached !== undefined && forecastValueFields.every((field) => cached[field] === fresh[field])
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
