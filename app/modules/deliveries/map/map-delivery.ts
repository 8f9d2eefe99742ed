import type { Box, MapPoint } from './map-clusters';

/** What the map needs of a delivery (the grid's rows carry it). */
export interface MapDelivery {
  Id: number;
  Latitude: number | null;
  Longitude: number | null;
  State: string | null;
  SiteName: string | null;
  MaterialCode: string | null;
  Time: string | null;
  DeliveryDate: string | null;
  StateReason?: string | null;
  StateReasonCode?: string | null;
  StateReasonParams?: unknown;
}

/** Great Britain, Ireland and the islands around them: the view when no delivery has a place. */
export const ukExtent: Box = [-10.8, 49.8, 2.1, 60.9];

const stateCodes = new Set(['R', 'A', 'Y', 'M', 'G']);

/**
 * Whether a delivery has a usable position: finite, on the globe, and not 0,0 (the position a
 * missing one is often stored as).
 */
export function hasLocation(
  delivery: Pick<MapDelivery, 'Latitude' | 'Longitude'>,
): delivery is { Latitude: number; Longitude: number } {
  const { Latitude: lat, Longitude: lng } = delivery;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  );
}

export interface PlacedDeliveries {
  points: MapPoint[];
  /** The deliveries by id, for their details. */
  byId: ReadonlyMap<number, MapDelivery>;
  /** How many have no usable position. */
  unplaced: number;
  /** How many of the placed ones are in each state ('' for grey). */
  stateCounts: ReadonlyMap<string, number>;
  /** The box around the placed ones, or null when there are none. */
  box: Box | null;
}

/** The deliveries the map can place, and what it cannot. */
export function placeDeliveries(deliveries: readonly MapDelivery[]): PlacedDeliveries {
  const points: MapPoint[] = [];
  const byId = new Map<number, MapDelivery>();
  const stateCounts = new Map<string, number>();
  let box: Box | null = null;
  for (const delivery of deliveries) {
    if (!hasLocation(delivery)) continue;
    const state = delivery.State && stateCodes.has(delivery.State) ? delivery.State : '';
    const { Latitude: lat, Longitude: lng } = delivery;
    points.push({ id: delivery.Id, lat, lng, state });
    byId.set(delivery.Id, delivery);
    stateCounts.set(state, (stateCounts.get(state) ?? 0) + 1);
    box = box
      ? [Math.min(box[0], lng), Math.min(box[1], lat), Math.max(box[2], lng), Math.max(box[3], lat)]
      : [lng, lat, lng, lat];
  }
  return { points, byId, unplaced: deliveries.length - points.length, stateCounts, box };
}
