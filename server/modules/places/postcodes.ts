import type { Kysely } from 'kysely';
import { parse, validOutcode } from 'postcode';
import type { Geolocation } from '#metadata';
import { ukPostcodeAreas } from '../../../metadata/data/uk-postcode-areas';
import type { Database } from '../../db/schema';
import { findOutcodeCentroid } from './repositories/postcode-outcodes';
import { LookupUnavailable, lookupPostcodesIo } from './postcodes-io';

/** A full postcode (`SW1A 1AA`) or an outcode alone (`EH1`), normalised. */
export interface PostcodeQuery {
  kind: 'postcode' | 'outcode';
  text: string;
  /** The district part (`SW1A`, `EH1`). */
  outcode: string;
  /** The letters the postcode starts with (`SW`, `EH`, `M`). */
  area: string;
}

/**
 * Reads a postcode or an outcode as people type it: any case, with or without the space,
 * stray spaces ignored. Null when it is neither.
 */
export function parsePostcode(input: string): PostcodeQuery | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (compact.length >= 5) {
    const parsed = parse(`${compact.slice(0, -3)} ${compact.slice(-3)}`);
    if (!parsed.valid) return null;
    return { kind: 'postcode', text: parsed.postcode, outcode: parsed.outcode, area: parsed.area };
  }
  if (!validOutcode(compact)) return null;
  return { kind: 'outcode', text: compact, outcode: compact, area: /^[A-Z]+/.exec(compact)![0] };
}

/**
 * Offline: the centroid of the postcode's district when one was imported, else the
 * representative place of its area (good to 10-30 km).
 */
export async function locateOffline(
  db: Kysely<Database>,
  query: PostcodeQuery,
): Promise<Geolocation | null> {
  const district = await findOutcodeCentroid(db, query.outcode);
  if (district) {
    const { latitude, longitude } = district;
    return { postcode: query.text, latitude, longitude, precision: 'outcode', source: 'offline' };
  }
  const area = ukPostcodeAreas[query.area];
  if (!area) return null;
  const [, latitude, longitude] = area;
  return { postcode: query.text, latitude, longitude, precision: 'area', source: 'offline' };
}

export interface ResolveOptions {
  /** Base URL of a postcodes.io-compatible service; empty to stay offline. */
  lookupUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: { warn(details: object, message: string): void };
}

/**
 * Where a postcode or outcode is, or null when it is not one (or nobody knows it). Online
 * when a lookup service is configured, falling back to the offline tables (districts, then
 * areas) when the service cannot answer; a postcode the service does not know is not one.
 */
export async function resolvePostcode(
  db: Kysely<Database>,
  input: string,
  { lookupUrl, timeoutMs, fetch, log }: ResolveOptions,
): Promise<Geolocation | null> {
  const query = parsePostcode(input);
  if (!query) return null;
  if (!lookupUrl) return locateOffline(db, query);
  try {
    const found = await lookupPostcodesIo(query, { baseUrl: lookupUrl, timeoutMs, fetch });
    if (!found) return null;
    return { postcode: query.text, ...found, precision: query.kind, source: 'postcodes.io' };
  } catch (error) {
    if (!(error instanceof LookupUnavailable)) throw error;
    log?.warn({ err: error }, 'postcode lookup unavailable; using the offline tables');
    return locateOffline(db, query);
  }
}
