import OsGridRef from 'geodesy/osgridref.js';

export class InvalidGridReference extends Error {
  override readonly name = 'InvalidGridReference';

  constructor(readonly input: string) {
    super(
      `'${input}' is not an OS grid reference: two letters and 2 to 10 digits, such as TQ 30080 80150.`,
    );
  }
}

export interface GridPoint {
  /** WGS84, in degrees. */
  latitude: number;
  longitude: number;
  /** The middle of the square the reference names, metres on the National Grid (OSGB36). */
  easting: number;
  northing: number;
  /** The side of that square: 1 m for 10 digits ... 10 km for 2. */
  resolutionMetres: number;
}

const gridReference = /^([HNST][A-HJ-Z])\s*(\d+)(?:\s+(\d+))?$/;

function digitsOf(input: string): [string, string] | null {
  const match = gridReference.exec(input.trim().toUpperCase());
  if (!match) return null;
  const [, , first = '', second] = match;
  const [east, north] =
    second === undefined
      ? [first.slice(0, first.length / 2), first.slice(first.length / 2)]
      : [first, second];
  const valid = east.length === north.length && east.length >= 1 && east.length <= 5;
  return valid ? [east, north] : null;
}

/**
 * An Ordnance Survey National Grid reference (`TQ 30080 80150`, `TQ3008080150`, `TQ 308 801`)
 * as a WGS84 point: the middle of the square it names, converted from OSGB36 by geodesy's
 * Helmert transformation (good to about 5 m). Throws InvalidGridReference.
 *
 * @example gridReferenceToLatLon('TQ 30047 79951') // { latitude: 51.50354, longitude: -0.12770, ... }
 */
export function gridReferenceToLatLon(input: string): GridPoint {
  const digits = digitsOf(input);
  if (!digits) throw new InvalidGridReference(input);
  const [east, north] = digits;
  const resolutionMetres = 10 ** (5 - east.length);
  try {
    const corner = OsGridRef.parse(`${input.trim().slice(0, 2)} ${east} ${north}`);
    const easting = corner.easting + resolutionMetres / 2;
    const northing = corner.northing + resolutionMetres / 2;
    const point = new OsGridRef(easting, northing).toLatLon();
    return { latitude: point.lat, longitude: point.lon, easting, northing, resolutionMetres };
  } catch {
    throw new InvalidGridReference(input);
  }
}
