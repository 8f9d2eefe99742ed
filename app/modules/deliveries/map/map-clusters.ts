import Supercluster from 'supercluster';

/** State codes from the worst to the least bad; any other code (grey) ranks below them all. */
export const worstFirst = ['R', 'A', 'Y', 'M', 'G'] as const;

/** How bad a state is: 5 for red down to 1 for green, 0 for any other value (grey). */
export function stateRank(code: unknown): number {
  const index = worstFirst.indexOf(code as (typeof worstFirst)[number]);
  return index < 0 ? 0 : worstFirst.length - index;
}

/** The state code of a rank; '' (grey) for 0. */
export function stateOfRank(rank: number): string {
  return worstFirst[worstFirst.length - rank] ?? '';
}

/** The worst of some states (R over A over Y over M over G over grey); '' when none. */
export function worstState(codes: Iterable<unknown>): string {
  let worst = 0;
  for (const code of codes) worst = Math.max(worst, stateRank(code));
  return stateOfRank(worst);
}

/** A delivery with a usable position, as the map clusters it. */
export interface MapPoint {
  id: number;
  lat: number;
  lng: number;
  /** R, A, Y, M, G, or '' for any other value. */
  state: string;
}

/** One marker of the map at a zoom: a delivery, or a group of deliveries close together. */
export type MapItem =
  | { kind: 'point'; key: string; lat: number; lng: number; id: number; state: string }
  | {
      kind: 'group';
      key: string;
      lat: number;
      lng: number;
      groupId: number;
      count: number;
      /** The worst state inside the group. */
      worst: string;
      /** How many deliveries of each state the group holds, the worst first (none left out). */
      mix: StateCount[];
    };

/** A number of deliveries in one state. */
export interface StateCount {
  state: string;
  count: number;
}

interface GroupProperties {
  rank: number;
  /** Deliveries per rank: index 0 grey, 1 green up to 5 red. */
  counts: number[];
}

const noCounts = () => worstFirst.map(() => 0).concat(0);

/** The non-zero counts of a group's states, the worst first. */
function mixOf(counts: readonly number[]): StateCount[] {
  return counts
    .map((count, rank) => ({ state: stateOfRank(rank), count, rank }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.rank - a.rank)
    .map(({ state, count }) => ({ state, count }));
}

export interface ClusterOptions {
  /** Pixels within which points join one group. */
  radius?: number;
  /** The highest zoom that still groups points; above it every point stands alone. */
  maxZoom?: number;
}

/** West, south, east, north in degrees. */
export type Box = [number, number, number, number];

/**
 * The deliveries grouped for each zoom (supercluster), each group knowing its worst state and
 * how many deliveries of each state it holds.
 *
 * @example
 * const clusters = createClusters(points, { radius: 56, maxZoom: 18 });
 * clusters.itemsIn([-11, 49, 2, 61], 6); // points and groups to draw at zoom 6
 */
export function createClusters(points: readonly MapPoint[], options: ClusterOptions = {}) {
  const index = new Supercluster<MapPoint, GroupProperties>({
    radius: options.radius ?? 56,
    maxZoom: options.maxZoom ?? 18,
    map: (point) => {
      const rank = stateRank(point.state);
      const counts = noCounts();
      counts[rank] = 1;
      return { rank, counts };
    },
    reduce: (group, other) => {
      group.rank = Math.max(group.rank, other.rank);
      // The first reduce gets the first point's own properties: never add into a shared array.
      group.counts = group.counts.map((count, rank) => count + (other.counts[rank] ?? 0));
    },
  });
  index.load(
    points.map((point) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
      properties: point,
    })),
  );

  return {
    /** The points and groups inside a box at a zoom, the worst first. */
    itemsIn(box: Box, zoom: number): MapItem[] {
      const items = index.getClusters(box, Math.round(zoom)).map((feature): MapItem => {
        const [lng = 0, lat = 0] = feature.geometry.coordinates;
        const properties = feature.properties;
        if ('cluster' in properties && properties.cluster) {
          return {
            kind: 'group',
            key: `group-${properties.cluster_id}`,
            lat,
            lng,
            groupId: properties.cluster_id,
            count: properties.point_count,
            worst: stateOfRank(properties.rank),
            mix: mixOf(properties.counts),
          };
        }
        const point = properties as MapPoint;
        return {
          kind: 'point',
          key: `point-${point.id}`,
          lat,
          lng,
          id: point.id,
          state: point.state,
        };
      });
      const rank = (item: MapItem) => stateRank(item.kind === 'group' ? item.worst : item.state);
      return items.sort((a, b) => rank(b) - rank(a) || b.lat - a.lat || a.lng - b.lng);
    },
    /** The zoom at which a group splits up. */
    expansionZoom(groupId: number): number {
      return index.getClusterExpansionZoom(groupId);
    },
    /** The deliveries inside a group, the worst first. */
    members(groupId: number): MapPoint[] {
      return index
        .getLeaves(groupId, Infinity)
        .map((leaf) => leaf.properties)
        .sort((a, b) => stateRank(b.state) - stateRank(a.state) || a.id - b.id);
    },
  };
}

export type Clusters = ReturnType<typeof createClusters>;
