import { describe, expect, it } from 'vitest';
import {
  createClusters,
  stateRank,
  worstState,
  type Box,
  type MapPoint,
} from '../../app/modules/deliveries/map/map-clusters';
import { placeDeliveries, type MapDelivery } from '../../app/modules/deliveries/map/map-delivery';

const uk: Box = [-11, 49, 2.5, 61];

const point = (id: number, lat: number, lng: number, state: string): MapPoint => ({
  id,
  lat,
  lng,
  state,
});

const delivery = (Id: number, overrides: Partial<MapDelivery> = {}): MapDelivery => ({
  Id,
  Latitude: 52,
  Longitude: -1,
  State: 'G',
  SiteName: `Site ${Id}`,
  MaterialCode: 'AC10',
  Time: '07:00',
  DeliveryDate: '2026-11-24',
  ...overrides,
});

describe('the worst state', () => {
  it('ranks R over A over Y over M over G over any other value', () => {
    expect(['G', 'M', 'Y', 'A', 'R'].map(stateRank)).toEqual([1, 2, 3, 4, 5]);
    expect([null, '', 'Q', undefined].map(stateRank)).toEqual([0, 0, 0, 0]);
    expect(worstState(['G', 'M'])).toBe('M');
    expect(worstState(['G', 'Y', 'M'])).toBe('Y');
    expect(worstState(['Y', 'A', 'G'])).toBe('A');
    expect(worstState(['A', 'R', 'Y', 'M', 'G'])).toBe('R');
    expect(worstState([null, 'G'])).toBe('G');
    expect(worstState([null, 'Q'])).toBe('');
    expect(worstState([])).toBe('');
  });
});

describe('the clusters', () => {
  // Three deliveries in Leeds, two in Bristol, one in Aberdeen.
  const points = [
    point(1, 53.8, -1.55, 'G'),
    point(2, 53.801, -1.551, 'Y'),
    point(3, 53.799, -1.549, 'M'),
    point(4, 51.45, -2.59, 'G'),
    point(5, 51.451, -2.591, 'R'),
    point(6, 57.15, -2.1, 'A'),
  ];
  const clusters = createClusters(points);

  it('groups close deliveries at a country-wide zoom, each group with its count and worst state', () => {
    const items = clusters.itemsIn(uk, 6);
    expect(items).toHaveLength(3);
    // The worst first: Bristol's red group, Aberdeen's amber point, Leeds's yellow group.
    expect(items.map((item) => item.kind)).toEqual(['group', 'point', 'group']);
    const [bristol, aberdeen, leeds] = items;
    expect(bristol).toMatchObject({ kind: 'group', count: 2, worst: 'R' });
    expect(aberdeen).toMatchObject({ kind: 'point', id: 6, state: 'A', key: 'point-6' });
    expect(leeds).toMatchObject({ kind: 'group', count: 3, worst: 'Y' });
    expect(leeds?.lat).toBeCloseTo(53.8, 2);
  });

  it('counts each state inside a group, the worst first, at every zoom it groups', () => {
    const many = createClusters([
      point(1, 51.5, -0.12, 'G'),
      point(2, 51.5, -0.12, 'G'),
      point(3, 51.5, -0.12, 'R'),
      point(4, 51.5, -0.12, 'X'),
      point(5, 51.5, -0.12, 'G'),
      point(6, 51.5, -0.12, 'A'),
    ]);
    for (const zoom of [4, 10, 18]) {
      const [group] = many.itemsIn(uk, zoom);
      expect(group, `zoom ${zoom}`).toMatchObject({
        kind: 'group',
        count: 6,
        worst: 'R',
        mix: [
          { state: 'R', count: 1 },
          { state: 'A', count: 1 },
          { state: 'G', count: 3 },
          { state: '', count: 1 },
        ],
      });
    }
  });

  it('splits a group when zoomed in as far as it says, and lists its members worst first', () => {
    const leeds = clusters.itemsIn(uk, 6).find((item) => item.kind === 'group' && item.count === 3);
    if (leeds?.kind !== 'group') throw new Error('no Leeds group');
    expect(clusters.members(leeds.groupId).map((member) => member.id)).toEqual([2, 3, 1]);
    const zoom = clusters.expansionZoom(leeds.groupId);
    expect(zoom).toBeGreaterThan(6);
    const near: Box = [-1.6, 53.7, -1.5, 53.9];
    const after = clusters.itemsIn(near, 18);
    expect(after.map((item) => item.kind)).toEqual(['point', 'point', 'point']);
  });

  it('keeps deliveries at the very same place grouped up to the highest zoom', () => {
    const same = createClusters([point(1, 51.5, -0.12, 'G'), point(2, 51.5, -0.12, 'A')]);
    const [group] = same.itemsIn(uk, 18);
    expect(group).toMatchObject({ kind: 'group', count: 2, worst: 'A' });
    if (group?.kind !== 'group') throw new Error('not a group');
    expect(same.expansionZoom(group.groupId)).toBeGreaterThan(18);
  });

  it('draws nothing outside the box asked for', () => {
    expect(clusters.itemsIn([10, 10, 11, 11], 6)).toEqual([]);
  });
});

describe('placing deliveries', () => {
  it('counts those without a usable position, and the others by state, within their box', () => {
    const placed = placeDeliveries([
      delivery(1, { Latitude: 50.1, Longitude: -5.5, State: 'R' }),
      delivery(2, { Latitude: 57.1, Longitude: -2.1, State: 'G' }),
      delivery(3, { Latitude: null }),
      delivery(4, { Longitude: null }),
      delivery(5, { Latitude: 0, Longitude: 0 }),
      delivery(6, { Latitude: 95, Longitude: 1 }),
      delivery(7, { Latitude: Number.NaN }),
      delivery(8, { State: 'X' }),
      delivery(9, { State: null }),
    ]);
    expect(placed.unplaced).toBe(5);
    expect(placed.points.map((p) => p.id)).toEqual([1, 2, 8, 9]);
    expect(placed.points.map((p) => p.state)).toEqual(['R', 'G', '', '']);
    expect(Object.fromEntries(placed.stateCounts)).toEqual({ R: 1, G: 1, '': 2 });
    expect(placed.box).toEqual([-5.5, 50.1, -1, 57.1]);
    expect(placed.byId.get(2)?.SiteName).toBe('Site 2');
  });

  it('has no box without a placed delivery', () => {
    expect(placeDeliveries([delivery(1, { Latitude: null })]).box).toBeNull();
    expect(placeDeliveries([]).unplaced).toBe(0);
  });
});
