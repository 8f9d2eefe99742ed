import { describe, expect, it } from 'vitest';
import {
  gridReferenceToLatLon,
  InvalidGridReference,
} from '../../server/modules/places/grid-reference';

const rad = Math.PI / 180;

/** Metres between two WGS84 points (spherical law of cosines; fine at these distances). */
function metresApart(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const cosine =
    Math.sin(lat1 * rad) * Math.sin(lat2 * rad) +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return 6_371_008.8 * Math.acos(Math.min(1, cosine));
}

const dms = (degrees: number, minutes: number, seconds: number) =>
  degrees + minutes / 60 + seconds / 3600;

/**
 * A published WGS84 point moved by a small offset measured on the National Grid: the offset is
 * turned from grid north to true north by the grid convergence and shrunk by the grid scale
 * factor (both at the point, first order), then laid on the WGS84 ellipsoid.
 */
function movedOnGrid(lat: number, lon: number, eastMetres: number, northMetres: number) {
  const a = 6_378_137;
  const e2 = 0.00669438;
  const phi = lat * rad;
  const nu = a / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
  const rho = (a * (1 - e2)) / (1 - e2 * Math.sin(phi) ** 2) ** 1.5;
  const fromCentralMeridian = (lon + 2) * rad;
  const scale = 0.9996012717 * (1 + ((fromCentralMeridian * Math.cos(phi)) ** 2 / 2) * (nu / rho));
  const convergence = fromCentralMeridian * Math.sin(phi);
  const ground = Math.hypot(eastMetres, northMetres) / scale;
  const bearing = Math.atan2(eastMetres, northMetres) + convergence;
  return {
    latitude: lat + (ground * Math.cos(bearing)) / rho / rad,
    longitude: lon + (ground * Math.sin(bearing)) / (nu * Math.cos(phi)) / rad,
  };
}

describe('gridReferenceToLatLon', () => {
  it.each([
    // postcodes.io's published points (ONS Postcode Directory): SW1A 1AA and SW1A 2AA.
    ['TQ 29090 79645', 51.501009, -0.141588],
    ['TQ 30047 79951', 51.50354, -0.127695],
    // OS's worked example (Caister water tower, E 651409.903 N 313177.270, OS guide annex C)
    // in WGS84 as geodesy's documentation gives it: 52°39′28.723″N, 001°42′57.787″E.
    ['TG 51409 13177', dms(52, 39, 28.723), dms(1, 42, 57.787)],
  ])('puts %s within 10 m of its published WGS84 point', (reference, latitude, longitude) => {
    const point = gridReferenceToLatLon(reference);
    expect(metresApart(point.latitude, point.longitude, latitude, longitude)).toBeLessThan(10);
  });

  it('puts TQ 30080 80150 within 10 m of 10 Downing Street’s published point moved 33 m E, 199 m N', () => {
    const expected = movedOnGrid(51.50354, -0.127695, 530080 - 530047, 180150 - 179951);
    const point = gridReferenceToLatLon('TQ 30080 80150');
    expect(point).toMatchObject({ easting: 530080.5, northing: 180150.5, resolutionMetres: 1 });
    expect(
      metresApart(point.latitude, point.longitude, expected.latitude, expected.longitude),
    ).toBeLessThan(10);
  });

  it.each(['TQ3008080150', 'tq 30080 80150', ' TQ30080  80150 ', 'TQ 3008080150', 'Tq30080 80150'])(
    'reads %j as TQ 30080 80150',
    (reference) => {
      expect(gridReferenceToLatLon(reference)).toEqual(gridReferenceToLatLon('TQ 30080 80150'));
    },
  );

  it.each([
    ['TQ 3008 8015', 10, 530085, 180155, 'TQ 30085 80155'],
    ['TQ300801', 100, 530050, 180150, 'TQ 30050 80150'],
    ['TQ 30 80', 1000, 530500, 180500, 'TQ 30500 80500'],
    ['TQ38', 10_000, 535000, 185000, 'TQ 35000 85000'],
  ])('takes %s as the middle of its %i m square', (reference, size, easting, northing, middle) => {
    const point = gridReferenceToLatLon(reference);
    expect(point).toMatchObject({ easting, northing, resolutionMetres: size });
    const exact = gridReferenceToLatLon(middle);
    expect(
      metresApart(point.latitude, point.longitude, exact.latitude, exact.longitude),
    ).toBeLessThan(1);
  });

  it.each([
    '',
    'TQ',
    'TQ 3',
    'TQ123',
    'TQ 3008 801',
    'TQ 300800 801500',
    'TQ 30O80 80150',
    'TI 30080 80150',
    'XQ 30080 80150',
    'TQ -3008 8015',
    '530080,180150',
    'TQ 30080 80150 extra',
  ])('refuses %j with a clear error', (reference) => {
    expect(() => gridReferenceToLatLon(reference)).toThrow(InvalidGridReference);
    expect(() => gridReferenceToLatLon(reference)).toThrow(/is not an OS grid reference/);
  });
});
