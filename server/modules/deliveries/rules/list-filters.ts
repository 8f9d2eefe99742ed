import { type Expression, sql, type SqlBool } from 'kysely';
import type { EntityStorage } from '#metadata';
import type { EntityCaller } from '../../../engine/caller';
import type { BaseWhere } from '../../../engine/odata/index';
import { callerLinked, fieldSql, lookupIsTrue } from '../../../engine/odata/field-sql';

/** The plants work to UK days: "past" deliveries are those before today began there. */
export const deliveryTimeZone = 'Europe/London';

/** The home grid's own filters besides OData's (deliveries spec 2, "Initial filters"). */
export interface DeliveryListFilters {
  /** Include deliveries that started before today. */
  showPast: boolean;
  /** Only the deliveries of the caller's units. */
  mineOnly: boolean;
  /** Only the deliveries of active units. */
  activeUnitsOnly: boolean;
}

/**
 * The filters as the call gives them, each absent one at its initial value: no past
 * deliveries, active units only, and Mine only unless the caller is an administrator
 * (role IsAdmin), who sees every unit's deliveries by default.
 */
export function deliveryListFilters(
  caller: EntityCaller,
  given: { ShowPast?: boolean; MineOnly?: boolean; ActiveUnitsOnly?: boolean },
): DeliveryListFilters {
  return {
    showPast: given.ShowPast ?? false,
    mineOnly: given.MineOnly ?? !caller.user?.isAdmin,
    activeUnitsOnly: given.ActiveUnitsOnly ?? true,
  };
}

/** Building a formatter costs more than a list call's SQL: one per time zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock parts of `instant` in `timeZone`, as a UTC timestamp. */
function wallClock(instant: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
}

/**
 * The instant today began in `timeZone` (UK midnight is 00:00 UTC in winter, 23:00 UTC the day
 * before in summer).
 *
 * @example startOfToday(new Date('2026-07-01T10:00:00Z')) // 2026-06-30T23:00:00.000Z
 */
export function startOfToday(now: Date, timeZone = deliveryTimeZone): Date {
  // Every list call asks; the answer stays the same all day, so the last one is kept (a zone's
  // midnight is on a whole minute, so the same minute gives the same day).
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastStartOfToday;
  if (last?.minute === minute && last.timeZone === timeZone) return new Date(last.start);
  const start = computeStartOfToday(now, timeZone);
  lastStartOfToday = { minute, timeZone, start: start.getTime() };
  return start;
}

let lastStartOfToday: { minute: number; timeZone: string; start: number } | undefined;

function computeStartOfToday(now: Date, timeZone: string): Date {
  const local = wallClock(now, timeZone);
  const localMidnight = local - (local % 86_400_000);
  // The zone's offset at that midnight (clocks change at 01:00 UTC, never at midnight).
  const offset = wallClock(new Date(localMidnight), timeZone) - localMidnight;
  return new Date(localMidnight - offset);
}

/** The caller's units' deliveries, as a condition the planner can join (not a 0/1 to compare). */
function mine(storage: EntityStorage): Expression<SqlBool> {
  const stored = storage.fields.Mine;
  if (typeof stored === 'object' && 'callerLink' in stored) {
    return sql<SqlBool>`${callerLinked(storage, stored.callerLink)}`;
  }
  return sql<SqlBool>`${fieldSql(storage, 'Mine')} = 1`;
}

/**
 * The rows the filters leave, as a restriction of the deliveries' list, value lists and
 * export; undefined when they leave every row. The past is cut on StartTime0 with an instant
 * computed here, so the start-time index serves it.
 */
export function deliveryListWhere(
  storage: EntityStorage,
  filters: DeliveryListFilters,
  now = new Date(),
): BaseWhere | undefined {
  const conditions: Expression<SqlBool>[] = [];
  if (!filters.showPast) {
    const today = startOfToday(now).toISOString();
    conditions.push(
      sql<SqlBool>`${fieldSql(storage, 'StartTime0')} >= cast(${today} as timestamptz)`,
    );
  }
  if (filters.mineOnly) conditions.push(mine(storage));
  if (filters.activeUnitsOnly) conditions.push(lookupIsTrue(storage, 'UnitActive'));
  if (conditions.length === 0) return undefined;
  return (eb) => eb.and(conditions);
}

/** Deliveries that started before today (an administrator clearing the past). */
export function pastDeliveries(storage: EntityStorage, now = new Date()): BaseWhere {
  const today = startOfToday(now).toISOString();
  return () => sql<SqlBool>`${fieldSql(storage, 'StartTime0')} < cast(${today} as timestamptz)`;
}
