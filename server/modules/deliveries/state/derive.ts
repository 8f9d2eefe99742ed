import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  type DeliveryMaterial,
  listActiveDeliveryMaterials,
} from '../repositories/delivery-materials';
import { type DerivedDelivery, deriveFrom } from './derive-from';
import { deliveryReferences, type DeliveryReferences } from './references';
import { batchSources, databaseSources } from './sources';
import { instantOrNull } from './values';

export type { DerivedDelivery } from './derive-from';
export type { CurvePoint } from './state-fields';

type Row = Record<string, unknown>;

export interface DeriveOptions {
  /** The clock, for tests. */
  now?: () => Date;
  /** Also answer the cooling curve (SetNewState). */
  withCurve?: boolean;
  log?: { warn(details: object, message: string): void };
}

/**
 * Every computed field of a delivery from its values (as the engine is about to write them)
 * and the row as stored before (undefined for a new one): the material its code matches, the
 * location and nearest forecast site, the forecast at its hour and the state the compaction
 * model gives. Never throws for a missing forecast or location: those are state M.
 *
 * - MaterialId: the most specific active material whose code pattern matches MaterialCode.
 * - Latitude, Longitude, LocationSource: given coordinates, else the grid reference, else the
 *   postcode in ShipToAddress; a derived location is not looked up again while neither
 *   changed. None: state M, `noLocation`.
 * - WeatherSiteId and its distance: the nearest active forecast site.
 * - The forecast fields and the state: from the site's cached hour containing StartTime0.
 *   A save never calls a forecast provider (it must stay fast and work offline): a site never
 *   fetched is marked requested for the refresh task, and the state is M `noForecast` until
 *   the refresh recomputes it. A forecast older than `Weather.StaleAfterHours` gives M
 *   `staleForecast` for deliveries still to come: a state from it could be wrong in either
 *   direction, and M asks a person to look (past deliveries keep being judged by the
 *   forecast they had). A past delivery whose hour is no longer cached keeps the state and
 *   forecast it was given, so history does not turn blue.
 * - No material: M `noMaterial`. Otherwise `deliveryState` with the material's mix and the
 *   additive only when the material takes it; thickness 0 (unknown) is the model's M.
 *
 * Inside a save's transaction everything is read through it (the settings and forecast sites
 * read there are kept a few seconds for the app's database: see references.ts).
 */
export async function deriveDeliveryFields(
  db: Kysely<Database>,
  values: Row,
  existing: Row | undefined,
  options: DeriveOptions = {},
): Promise<DerivedDelivery> {
  const now = options.now?.() ?? new Date();
  const references = await deliveryReferences(db, options.log);
  const materials = await listActiveDeliveryMaterials(db);
  const sources = databaseSources(db, references, materials, now, options.log);
  return deriveFrom(sources, values, existing, options.withCurve === true);
}

/** One delivery of a batch: its values and the row stored before (often the same). */
export interface DeliveryToDerive {
  values: Row;
  existing: Row | undefined;
}

/** What a batch may bring already loaded (a recompute loads them once for all its batches). */
export interface DerivePreload {
  materials?: readonly DeliveryMaterial[];
  references?: DeliveryReferences;
}

interface Span {
  from: number;
  to: number;
}

const widened = (span: Span | undefined, time: number): Span =>
  span
    ? { from: Math.min(span.from, time), to: Math.max(span.to, time) }
    : { from: time, to: time };

/**
 * The span of the batch's StartTime0s, per forecast site the deliveries had and over all, so
 * each site's hours are read for its own deliveries' span (a site found anew reads the whole).
 */
function windowsOf(deliveries: readonly DeliveryToDerive[], now: Date) {
  let all: Span | undefined;
  const bySite = new Map<number, Span>();
  for (const { values } of deliveries) {
    const time = instantOrNull(values.StartTime0)?.getTime() ?? now.getTime();
    all = widened(all, time);
    const site = values.WeatherSiteId;
    if (typeof site === 'number') bySite.set(site, widened(bySite.get(site), time));
  }
  return (siteId: number) => {
    const span = bySite.get(siteId) ?? all!;
    return { from: new Date(span.from), to: new Date(span.to) };
  };
}

const modelRunsBetweenYields = 50;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The computed fields of many deliveries, in their order, with the same rules as
 * deriveDeliveryFields: the materials and settings are read once, and each forecast site's
 * hours once for the batch's time window.
 */
export async function deriveMany(
  db: Kysely<Database>,
  deliveries: readonly DeliveryToDerive[],
  preload: DerivePreload = {},
  options: DeriveOptions = {},
): Promise<DerivedDelivery[]> {
  if (deliveries.length === 0) return [];
  const now = options.now?.() ?? new Date();
  const references = preload.references ?? (await deliveryReferences(db, options.log));
  const materials = preload.materials ?? (await listActiveDeliveryMaterials(db));
  const sources = batchSources(
    db,
    references,
    materials,
    now,
    windowsOf(deliveries, now),
    options.log,
  );
  const derived: DerivedDelivery[] = [];
  for (const { values, existing } of deliveries) {
    derived.push(await deriveFrom(sources, values, existing, options.withCurve === true));
    // A model run takes tens of microseconds: a recompute's batch lets waiting requests in
    // every few milliseconds rather than holding the event loop for the whole batch.
    if (derived.length % modelRunsBetweenYields === 0) await yieldToRequests();
  }
  return derived;
}
