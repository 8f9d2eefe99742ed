import type { Geolocation } from '#metadata';
import { gridReferenceToLatLon, InvalidGridReference } from '../../places/index';
import { finiteOrNull, textOf } from './values';

type Row = Record<string, unknown>;

/** Where a delivery's coordinates came from. */
export type LocationSource = 'given' | 'gridref' | Geolocation['precision'];

export interface DeliveryLocation {
  latitude: number;
  longitude: number;
  source: LocationSource;
}

/** Finds a postcode's point (online when configured, else the offline tables). */
export type PostcodeLocator = (postcode: string) => Promise<Geolocation | null>;

/** A UK postcode anywhere in a text: outward code, optional space, inward code. */
const postcodePattern = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/gi;

/** The last postcode written in an address (the postcode closes a UK address), normalised. */
export function postcodeIn(address: unknown): string | null {
  const matches = [...textOf(address).matchAll(postcodePattern)];
  const last = matches.at(-1);
  return last ? `${last[1]!.toUpperCase()} ${last[2]!.toUpperCase()}` : null;
}

function pointOf(row: Row | undefined) {
  const latitude = finiteOrNull(row?.Latitude);
  const longitude = finiteOrNull(row?.Longitude);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/**
 * Coordinates the delivery carries count as given when it is new, when they differ from the
 * stored ones, or when the stored ones were given too (or stored with no source); otherwise they are the ones the server
 * derived before, carried back by the payload.
 */
function givenPoint(values: Row, existing: Row | undefined) {
  const point = pointOf(values);
  if (!point) return null;
  const before = pointOf(existing);
  const isNew =
    !existing ||
    existing.LocationSource === 'given' ||
    // Coordinates stored without a source came with the row (a bulk import): given.
    existing.LocationSource === null ||
    existing.LocationSource === undefined ||
    !before ||
    before.latitude !== point.latitude ||
    before.longitude !== point.longitude;
  return isNew ? point : null;
}

/** The stored derived location, while what it was derived from has not changed. */
function keptLocation(values: Row, existing: Row | undefined): DeliveryLocation | null {
  const point = pointOf(existing);
  const source = existing?.LocationSource;
  if (!point || typeof source !== 'string' || source === 'given') return null;
  if (textOf(values.GridRef) !== textOf(existing!.GridRef)) return null;
  if (textOf(values.ShipToAddress) !== textOf(existing!.ShipToAddress)) return null;
  return { ...point, source: source as LocationSource };
}

function gridReferencePoint(gridRef: unknown): DeliveryLocation | null {
  const text = textOf(gridRef);
  if (!text) return null;
  try {
    const { latitude, longitude } = gridReferenceToLatLon(text);
    return { latitude, longitude, source: 'gridref' };
  } catch (error) {
    if (error instanceof InvalidGridReference) return null;
    throw error;
  }
}

/**
 * Where the delivery's site is: coordinates given with it win, else its OS grid reference,
 * else the postcode in its ship-to address (with the precision the lookup reached). A location
 * derived before is kept while neither the grid reference nor the address changed, so a save
 * or a recompute does not look the postcode up again. Null when nothing gives a point.
 */
export async function locateDelivery(
  values: Row,
  existing: Row | undefined,
  locatePostcode: PostcodeLocator,
): Promise<DeliveryLocation | null> {
  const given = givenPoint(values, existing);
  if (given) return { ...given, source: 'given' };
  const kept = keptLocation(values, existing);
  if (kept) return kept;
  const fromGrid = gridReferencePoint(values.GridRef);
  if (fromGrid) return fromGrid;
  const postcode = postcodeIn(values.ShipToAddress);
  if (!postcode) return null;
  const found = await locatePostcode(postcode);
  return found
    ? { latitude: found.latitude, longitude: found.longitude, source: found.precision }
    : null;
}
