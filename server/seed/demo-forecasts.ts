import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getSetting } from '../modules/settings/index';
import { nearestSites } from '../modules/places/index';
import { resolvePostcode } from '../modules/places/index';
import { refreshSite } from '../modules/weather/index';
import { locateDelivery } from '../modules/deliveries/index';
import type { DemoDelivery } from './demo-deliveries';

const hourMs = 3_600_000;
/** The simulated provider forecasts a week from the hour it is asked. */
const forecastWeekMs = 168 * hourMs;

/** Where a delivery is, found as its state derivation finds it (offline in a demo). */
function pointOf(db: Kysely<Database>, delivery: DemoDelivery, lookupUrl: string) {
  const values = {
    Latitude: delivery.latitude,
    Longitude: delivery.longitude,
    GridRef: delivery.gridRef,
    ShipToAddress: delivery.shipToAddress,
  };
  return locateDelivery(values, undefined, (postcode) =>
    resolvePostcode(db, postcode, { lookupUrl }),
  );
}

/** The forecast sites nearest the demo deliveries' sites (a few dozen for 2,000 deliveries). */
async function demoForecastSites(
  db: Kysely<Database>,
  deliveries: readonly DemoDelivery[],
): Promise<number[]> {
  const lookupUrl = await getSetting<string>(db, 'Weather.PostcodeLookupUrl', '');
  const places = new Map<string, DemoDelivery>();
  for (const delivery of deliveries) {
    const place = `${delivery.latitude},${delivery.longitude},${delivery.gridRef},${delivery.shipToAddress}`;
    if (!places.has(place)) places.set(place, delivery);
  }
  const siteIds = new Set<number>();
  for (const delivery of places.values()) {
    const point = await pointOf(db, delivery, lookupUrl);
    if (!point) continue;
    const [nearest] = await nearestSites(db, point.latitude, point.longitude, 1);
    if (nearest) siteIds.add(nearest.id);
  }
  return [...siteIds].sort((a, b) => a - b);
}

/**
 * Forecasts for the sites of the demo deliveries, from the configured provider (the simulated
 * one in a demo): the week before `now` as well as the week after, so that past deliveries'
 * states are computed from their hour's weather too, as they would have been at the time.
 */
export async function refreshDemoForecasts(
  db: Kysely<Database>,
  deliveries: readonly DemoDelivery[],
  now: Date,
): Promise<number[]> {
  const siteIds = await demoForecastSites(db, deliveries);
  const lastWeek = new Date(now.getTime() - forecastWeekMs);
  for (const siteId of siteIds) {
    await refreshSite(db, siteId, { now: () => lastWeek });
    await refreshSite(db, siteId, { now: () => now });
  }
  return siteIds;
}
