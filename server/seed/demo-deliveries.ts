import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { LatLon } from 'geodesy/osgridref.js';
import type { Insertable, Transaction } from 'kysely';
import {
  demoCourseThickness,
  demoCustomers,
  demoDeliveryCodes,
  demoMaterials,
  demoSites,
  demoUnits,
  type DemoDeliveryCode,
  type DemoSite,
} from '#metadata';
import type { Database, DeliveriesTable } from '../db/schema';
import { greatCircleKm } from '../modules/places/index';

dayjs.extend(utc);
dayjs.extend(timezone);

export const demoDeliveryCount = 2000;
/** Deliveries run from this many days before the seeding day to as many after. */
export const demoDeliveryDays = 7;
const ukTime = 'Europe/London';
/** Loading starts at 06:00 and the last load leaves by 15:00, UK time. */
const firstLoadMinute = 6 * 60;
const lastLoadMinute = 15 * 60;
const kmPerMile = 1.609344;
/** Roads are longer than the straight line. */
const roadFactor = 1.25;
const truckMph = 30;
const unloadMinutes = 20;
/** How often each plant is ordered from, relative to the others. */
const unitWeights: Readonly<Record<string, number>> = {
  NTH01: 19,
  NTH02: 18,
  MID01: 17,
  STH01: 20,
  STH02: 13,
  WST01: 13,
};

export type DemoDelivery = Insertable<DeliveriesTable>;

/** Mulberry32: a small seeded generator, so the same seed gives the same deliveries. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

function pickWeighted<T>(random: Random, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let left = random() * total;
  for (const item of items) {
    left -= weight(item);
    if (left < 0) return item;
  }
  return items[items.length - 1]!;
}

/** A multiple of `step` from `min` to `max`, both included. */
const stepBetween = (random: Random, min: number, max: number, step = 5) =>
  min + step * Math.floor(random() * (Math.floor((max - min) / step) + 1));

/** The working days (Monday to Friday, UK) from `days` before `now` to `days` after. */
export function demoWorkingDays(now: Date, days = demoDeliveryDays): string[] {
  const today = dayjs(now).tz(ukTime).startOf('day');
  const dates: string[] = [];
  for (let offset = -days; offset <= days; offset += 1) {
    const day = today.add(offset, 'day');
    if (day.day() !== 0 && day.day() !== 6) dates.push(day.format('YYYY-MM-DD'));
  }
  return dates;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Where a site's deliveries say it is: the postcode in the address, a grid reference, or coordinates. */
function siteLocation(site: DemoSite) {
  switch (site.Locate) {
    case 'postcode':
      return {
        shipToAddress: `${site.Address}, ${site.Postcode}`,
        gridRef: null,
        latitude: null,
        longitude: null,
        locationSource: null,
      };
    case 'gridref': {
      const gridRef = new LatLon(site.Latitude, site.Longitude).toOsGrid().toString(8);
      return {
        shipToAddress: site.Address,
        gridRef,
        latitude: null,
        longitude: null,
        locationSource: null,
      };
    }
    case 'coordinates':
      // The import knows these came with the delivery: its state derivation keeps them.
      return {
        shipToAddress: site.Address,
        gridRef: null,
        latitude: site.Latitude,
        longitude: site.Longitude,
        locationSource: 'given',
      };
  }
}

/** Codes the additive may be allowed on: those whose own material (the exact pattern) allows it. */
const evothermCodes = new Set(demoMaterials.filter((m) => m.CanAddEvotherm).map((m) => m.Code));

/** An order: loads of one mix to one site on one day, leaving the plant every so often. */
interface Order {
  unitCode: string;
  site: DemoSite;
  code: DemoDeliveryCode;
  customer: readonly [string, string];
  day: string;
  loads: number;
  firstMinute: number;
  spacing: number;
  thickness: number;
  outputTemperature: number;
  evoThermAllowed: boolean;
}

function nextOrder(random: Random, days: readonly string[], remaining: number): Order {
  const unitCode = pickWeighted(random, Object.keys(unitWeights), (code) => unitWeights[code]!);
  const site = pick(
    random,
    demoSites.filter((s) => s.Unit === unitCode),
  );
  const code = pickWeighted(random, demoDeliveryCodes, (c) => c.Weight);
  const customer = pick(random, demoCustomers);
  const day = pick(random, days);
  const spacing = stepBetween(random, 20, 40);
  const wanted = Math.min(remaining, 1 + Math.floor(random() * 8));
  const loads = Math.min(wanted, Math.floor((lastLoadMinute - firstLoadMinute) / spacing) + 1);
  const latestFirst = lastLoadMinute - spacing * (loads - 1);
  const firstMinute = stepBetween(random, firstLoadMinute, latestFirst);
  const [thinnest, thickest] = demoCourseThickness[code.Course];
  // A few loads come without a layer thickness (the model cannot judge them).
  const thickness = random() < 0.02 ? 0 : stepBetween(random, thinnest, thickest);
  // Plants mostly send a mix hot enough for the haul; now and then one leaves too cool.
  const coolest = random() < 0.1 ? code.MinMixTemp : code.MinMixTemp + 10;
  const outputTemperature = stepBetween(random, coolest, code.MaxMixTemp);
  const evoThermAllowed = evothermCodes.has(code.Code) && random() < 0.35;
  return {
    unitCode,
    site,
    code,
    customer,
    day,
    loads,
    firstMinute,
    spacing,
    thickness,
    outputTemperature,
    evoThermAllowed,
  };
}

/**
 * About two weeks of deliveries around `now` (working days, 06:00-15:00 UK time) from the demo
 * plants to road sites near them, as the import would store them before their state is
 * computed. Deterministic: the same `now` gives the same rows, and any `now` the same count,
 * units, sites, mixes and quantities (only the dates move).
 */
export function planDemoDeliveries(
  now: Date,
  unitIds: ReadonlyMap<string, number>,
  count = demoDeliveryCount,
): DemoDelivery[] {
  const random = seededRandom(20_261_124);
  const days = demoWorkingDays(now);
  const plants = new Map(demoUnits.map((unit) => [unit.Code, unit]));
  const rows: DemoDelivery[] = [];
  for (let orderNo = 0; rows.length < count; orderNo += 1) {
    const order = nextOrder(random, days, count - rows.length);
    const plant = plants.get(order.unitCode)!;
    const { site, code, customer } = order;
    const km =
      greatCircleKm(plant.Latitude, plant.Longitude, site.Latitude, site.Longitude) * roadFactor;
    const mileage = Math.round((km / kmPerMile) * 10) / 10;
    const haulMinutes = Math.round((mileage / truckMph) * 60) + unloadMinutes;
    for (let load = 0; load < order.loads; load += 1) {
      const minute = order.firstMinute + load * order.spacing;
      const start = dayjs.tz(`${order.day} ${hhmm(minute)}`, ukTime);
      rows.push({
        uniqueId1: String(5_100_000 + orderNo),
        uniqueId2: String((load + 1) * 10).padStart(6, '0'),
        uniqueId3: `DN${80_000_000 + rows.length}`,
        outputTemperature: order.outputTemperature,
        evoThermAllowed: order.evoThermAllowed,
        materialCode: code.Code,
        materialName: code.Name,
        soldToPartyId: customer[0],
        soldToPartyName: customer[1],
        unitId: unitIds.get(order.unitCode)!,
        ...siteLocation(site),
        siteName: site.Name,
        mileage,
        orderQuantity: Math.round((5 + random() * 25) * 2) / 2,
        deliveryDate: order.day,
        startTime0: start.toDate(),
        startTime: start.toDate(),
        endTime: start.add(haulMinutes, 'minute').toDate(),
        time: hhmm(minute),
        thickness: order.thickness,
      });
    }
  }
  return rows;
}

const batchSize = 250;

/** Inserts the planned deliveries in a few multi-row statements (seeding, not a user's call). */
export async function insertDemoDeliveries(
  trx: Transaction<Database>,
  rows: readonly DemoDelivery[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += batchSize) {
    await trx
      .insertInto('deliveries')
      .values(rows.slice(at, at + batchSize))
      .execute();
  }
}
