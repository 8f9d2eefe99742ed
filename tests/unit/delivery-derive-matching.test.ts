import { describe, expect, it, vi } from 'vitest';
import type { Geolocation } from '#metadata';
import {
  candidatesFor,
  materialMatches,
  matchMaterials,
} from '../../server/modules/deliveries/state/material-match';
import { locateDelivery, postcodeIn } from '../../server/modules/deliveries/state/location';
import { gridReferenceToLatLon } from '../../server/modules/places/grid-reference';

describe('material code patterns', () => {
  it('matches the whole code, `?` standing for exactly one character, ignoring case', () => {
    expect(materialMatches('AC 20 DENSE BIN', 'AC 20 DENSE BIN')).toBe(true);
    expect(materialMatches('ac 20 dense bin', 'AC ?? DENSE BIN')).toBe(true);
    expect(materialMatches('  AC 20   DENSE BIN ', 'AC ?? DENSE BIN')).toBe(true);
    expect(materialMatches('AC 6 DENSE BIN', 'AC ?? DENSE BIN')).toBe(false);
    expect(materialMatches('AC 200 DENSE BIN', 'AC ?? DENSE BIN')).toBe(false);
    expect(materialMatches('AC 20 DENSE BINDER', 'AC ?? DENSE BIN')).toBe(false);
    expect(materialMatches('XAC 20 DENSE BIN', 'AC ?? DENSE BIN')).toBe(false);
    // Only `?` is a wildcard: regular-expression characters are plain characters.
    expect(materialMatches('AC.20', 'AC.20')).toBe(true);
    expect(materialMatches('ACX20', 'AC.20')).toBe(false);
    expect(materialMatches('AC*', 'AC*')).toBe(true);
    expect(materialMatches('ACDC', 'AC*')).toBe(false);
  });

  const materials = [
    { id: 1, code: 'AC ?? DENSE BIN' },
    { id: 2, code: 'SMA 10 SURF' },
    { id: 3, code: 'AC ?0 DENSE BIN' },
    { id: 4, code: 'AC 2? DENSE BIN' },
    { id: 5, code: 'AC 20 DENSE BIN' },
  ];

  it('puts the most specific pattern first (fewest `?`), ties by lowest id', () => {
    expect(matchMaterials('AC 20 DENSE BIN', materials).map((m) => m.id)).toEqual([5, 3, 4, 1]);
    expect(matchMaterials('AC 10 DENSE BIN', materials).map((m) => m.id)).toEqual([3, 1]);
    expect(matchMaterials('AC 14 DENSE BIN', materials).map((m) => m.id)).toEqual([1]);
  });

  it('answers no candidate when nothing matches', () => {
    expect(matchMaterials('HRA 30 14F SURF', materials)).toEqual([]);
    expect(candidatesFor('', materials)).toEqual([]);
  });

  it('gives the mismatch files every candidate, the chosen one first', () => {
    expect(candidatesFor('ac 21 dense bin', materials)).toEqual([
      { id: 4, code: 'AC 2? DENSE BIN' },
      { id: 1, code: 'AC ?? DENSE BIN' },
    ]);
  });
});

describe('the delivery location', () => {
  const leeds: Geolocation = {
    postcode: 'LS9 0PS',
    latitude: 53.79,
    longitude: -1.51,
    precision: 'postcode',
    source: 'offline',
  };
  const locator = () => vi.fn(async (_postcode: string) => leeds as Geolocation | null);
  const grid = 'SE 33000 32000';
  const gridPoint = gridReferenceToLatLon(grid);
  const address = 'Unit 4, Cross Green Industrial Estate, Leeds ls9 0ps';

  it('finds the last postcode written in an address', () => {
    expect(postcodeIn(address)).toBe('LS9 0PS');
    expect(postcodeIn('Site office, EH1 1YZ, invoices to SW1A1AA')).toBe('SW1A 1AA');
    expect(postcodeIn('Somewhere without one')).toBeNull();
    expect(postcodeIn(null)).toBeNull();
  });

  it('takes given coordinates first, then the grid reference, then the postcode', async () => {
    const find = locator();
    const given = { Latitude: 51.5, Longitude: -0.12, GridRef: grid, ShipToAddress: address };
    expect(await locateDelivery(given, undefined, find)).toEqual({
      latitude: 51.5,
      longitude: -0.12,
      source: 'given',
    });
    const gridded = { ...given, Latitude: null, Longitude: null };
    expect(await locateDelivery(gridded, undefined, find)).toEqual({
      latitude: gridPoint.latitude,
      longitude: gridPoint.longitude,
      source: 'gridref',
    });
    const addressed = { ...gridded, GridRef: 'not a grid reference' };
    expect(await locateDelivery(addressed, undefined, find)).toEqual({
      latitude: leeds.latitude,
      longitude: leeds.longitude,
      source: 'postcode',
    });
    expect(find).toHaveBeenCalledTimes(1);
    expect(find).toHaveBeenCalledWith('LS9 0PS');
  });

  it('keeps the postcode lookup’s precision, and answers null when nothing locates it', async () => {
    const outcode = vi.fn(async () => ({ ...leeds, precision: 'outcode' as const }));
    const values = { ShipToAddress: address };
    expect(await locateDelivery(values, undefined, outcode)).toMatchObject({ source: 'outcode' });
    const unknown = vi.fn(async () => null);
    expect(await locateDelivery(values, undefined, unknown)).toBeNull();
    expect(await locateDelivery({ ShipToAddress: 'No postcode here' }, undefined, unknown)).toBe(
      null,
    );
  });

  it('does not look a derived location up again while its grid reference and address stay', async () => {
    const find = locator();
    const existing = {
      Latitude: 53.7,
      Longitude: -1.6,
      LocationSource: 'postcode',
      GridRef: null,
      ShipToAddress: address,
    };
    // The payload carries the derived coordinates back, as a save of the whole row does.
    const values = { ...existing, OutputTemperature: 150 };
    expect(await locateDelivery(values, existing, find)).toEqual({
      latitude: 53.7,
      longitude: -1.6,
      source: 'postcode',
    });
    expect(find).not.toHaveBeenCalled();
    const moved = { ...values, ShipToAddress: 'New site, Leeds LS9 0PS' };
    expect(await locateDelivery(moved, existing, find)).toMatchObject({ source: 'postcode' });
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('counts coordinates as given when new, changed, or given before', async () => {
    const find = locator();
    const derived = {
      Latitude: gridPoint.latitude,
      Longitude: gridPoint.longitude,
      LocationSource: 'gridref',
      GridRef: grid,
    };
    expect(await locateDelivery({ ...derived }, derived, find)).toMatchObject({
      source: 'gridref',
    });
    const corrected = { ...derived, Latitude: 53.8, Longitude: -1.55 };
    expect(await locateDelivery(corrected, derived, find)).toEqual({
      latitude: 53.8,
      longitude: -1.55,
      source: 'given',
    });
    // Stored with no source (a bulk import carried them): given, never looked up again.
    const imported = { ...corrected, GridRef: null, LocationSource: null };
    expect(await locateDelivery({ ...imported }, imported, find)).toMatchObject({
      source: 'given',
    });
    const given = { ...corrected, LocationSource: 'given' };
    expect(await locateDelivery({ ...given }, given, find)).toMatchObject({ source: 'given' });
    // A new grid reference wins over coordinates derived from the old one.
    const regridded = { ...derived, GridRef: 'TQ 30047 79951' };
    expect(await locateDelivery(regridded, derived, find)).toMatchObject({
      source: 'gridref',
      latitude: gridReferenceToLatLon('TQ 30047 79951').latitude,
    });
  });
});
