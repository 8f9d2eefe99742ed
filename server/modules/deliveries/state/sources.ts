import type { Kysely, Transaction } from 'kysely';
import type { ForecastHour, Geolocation } from '#metadata';
import type { Database } from '../../../db/schema';
import type { CompactionSettings } from '../../../domain/compaction';
import type { DeliveryMaterial } from '../repositories/delivery-materials';
import {
  findForecastFetch,
  forecastHoursFrom,
  recordForecastFetch,
  type ForecastFetchRow,
} from '../../weather/index';
import { nearestInIndex } from '../../places/index';
import { resolvePostcode } from '../../places/index';
import { hourContaining, longestForecastStepMs } from './forecast-hour';
import type { DeliveryReferences } from './references';

type Db = Kysely<Database> | Transaction<Database>;

interface Log {
  warn(details: object, message: string): void;
}

/** A site's cached forecast as one delivery needs it. */
export interface SiteForecast {
  /** The hour containing the delivery's time; undefined when none is cached. */
  hour: ForecastHour | undefined;
  fetchedAt: Date | null;
  requestedAt: Date | null;
}

export interface NearSite {
  id: number;
  distanceKm: number;
}

/**
 * Everything a derive reads besides the delivery, so the rules run the same over the database
 * (one save), over preloaded batches (a recompute) and over fakes (unit tests).
 */
export interface DeriveSources {
  now: Date;
  settings: CompactionSettings;
  staleAfterHours: number;
  materials: readonly DeliveryMaterial[];
  nearestSite(latitude: number, longitude: number): NearSite | undefined;
  forecastAt(siteId: number, at: Date): Promise<SiteForecast>;
  locatePostcode(postcode: string): Promise<Geolocation | null>;
  /** Asks the refresh task to fetch a site that has no forecast yet. */
  requestForecast(siteId: number): Promise<void>;
}

function nearestSite(references: DeliveryReferences) {
  return (latitude: number, longitude: number): NearSite | undefined => {
    const [site] = nearestInIndex(references.sites, latitude, longitude, 1);
    return site && { id: site.id, distanceKm: Math.round((site.distance ?? 0) * 100) / 100 };
  };
}

function siteForecast(
  hours: readonly ForecastHour[],
  fetch: ForecastFetchRow | undefined,
  at: Date,
): SiteForecast {
  return {
    hour: hourContaining(hours, at),
    fetchedAt: fetch?.fetchedAt ?? null,
    requestedAt: fetch?.requestedAt ?? null,
  };
}

function commonSources(
  db: Db,
  references: DeliveryReferences,
  materials: readonly DeliveryMaterial[],
  now: Date,
  log?: Log,
): Omit<DeriveSources, 'forecastAt'> {
  return {
    now,
    settings: references.settings,
    staleAfterHours: references.staleAfterHours,
    materials,
    nearestSite: nearestSite(references),
    locatePostcode: (postcode) =>
      resolvePostcode(db, postcode, {
        lookupUrl: references.postcodeLookupUrl,
        timeoutMs: 3_000,
        log,
      }),
    requestForecast: (siteId) => recordForecastFetch(db, siteId, { requestedAt: now }),
  };
}

/** Sources for one delivery: its site's forecast read when needed (two small queries). */
export function databaseSources(
  db: Db,
  references: DeliveryReferences,
  materials: readonly DeliveryMaterial[],
  now: Date,
  log?: Log,
): DeriveSources {
  return {
    ...commonSources(db, references, materials, now, log),
    async forecastAt(siteId, at) {
      const from = new Date(at.getTime() - longestForecastStepMs);
      const fetch = await findForecastFetch(db, siteId);
      const hours = await forecastHoursFrom(db, siteId, from, at);
      return siteForecast(hours, fetch, at);
    },
  };
}

/**
 * Sources for a batch of deliveries: each site's forecast over the batch's time window for it
 * (`windowOf`, the span of its deliveries' StartTime0) is read once, on first use.
 */
export function batchSources(
  db: Db,
  references: DeliveryReferences,
  materials: readonly DeliveryMaterial[],
  now: Date,
  windowOf: (siteId: number) => { from: Date; to: Date },
  log?: Log,
): DeriveSources {
  const bySite = new Map<
    number,
    Promise<{ hours: ForecastHour[]; fetch: ForecastFetchRow | undefined }>
  >();
  const load = async (siteId: number) => {
    const { from, to } = windowOf(siteId);
    return {
      fetch: await findForecastFetch(db, siteId),
      hours: await forecastHoursFrom(
        db,
        siteId,
        new Date(from.getTime() - longestForecastStepMs),
        to,
      ),
    };
  };
  const common = commonSources(db, references, materials, now, log);
  const requested = new Map<number, Promise<void>>();
  return {
    ...common,
    requestForecast(siteId) {
      let asked = requested.get(siteId);
      if (!asked) requested.set(siteId, (asked = common.requestForecast(siteId)));
      return asked;
    },
    async forecastAt(siteId, at) {
      let site = bySite.get(siteId);
      if (!site) bySite.set(siteId, (site = load(siteId)));
      const { hours, fetch } = await site;
      return siteForecast(hours, fetch, at);
    },
  };
}
