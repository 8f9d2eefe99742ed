import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import { type ForecastHour, forecastValueFields } from '#metadata';
import type {
  Database,
  WeatherForecastFetchesTable,
  WeatherForecastsTable,
} from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type ForecastFetchRow = Selectable<WeatherForecastFetchesTable>;

const hourColumns = ['time', ...forecastValueFields] as const;

function toHour(row: Pick<Selectable<WeatherForecastsTable>, (typeof hourColumns)[number]>) {
  const hour: ForecastHour = { ...row, time: row.time.toISOString() };
  return hour;
}

/** A site's cached hours from `from` on (and up to `to`, when given), in time order. */
export async function forecastHoursFrom(
  db: Db,
  siteId: number,
  from: Date,
  to?: Date,
): Promise<ForecastHour[]> {
  let query = db
    .selectFrom('weatherForecasts')
    .select(hourColumns)
    .where('siteId', '=', siteId)
    .where('time', '>=', from);
  if (to) query = query.where('time', '<=', to);
  const rows = await query.orderBy('time').execute();
  return rows.map(toHour);
}

export async function upsertForecastHours(
  db: Db,
  siteId: number,
  hours: readonly ForecastHour[],
): Promise<void> {
  if (hours.length === 0) return;
  await db
    .insertInto('weatherForecasts')
    .values(
      hours.map((hour) => ({
        siteId,
        time: hour.time,
        airTemperature: hour.airTemperature,
        windSpeedKmh: hour.windSpeedKmh,
        windGustKmh: hour.windGustKmh,
        windDirection: hour.windDirection,
        cloudCoverPercent: hour.cloudCoverPercent,
        shortwaveRadiation: hour.shortwaveRadiation,
        precipitationProbability: hour.precipitationProbability,
        precipitationMm: hour.precipitationMm,
        weatherCode: hour.weatherCode,
        weatherText: hour.weatherText,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['siteId', 'time']).doUpdateSet((eb) => ({
        airTemperature: eb.ref('excluded.airTemperature'),
        windSpeedKmh: eb.ref('excluded.windSpeedKmh'),
        windGustKmh: eb.ref('excluded.windGustKmh'),
        windDirection: eb.ref('excluded.windDirection'),
        cloudCoverPercent: eb.ref('excluded.cloudCoverPercent'),
        shortwaveRadiation: eb.ref('excluded.shortwaveRadiation'),
        precipitationProbability: eb.ref('excluded.precipitationProbability'),
        precipitationMm: eb.ref('excluded.precipitationMm'),
        weatherCode: eb.ref('excluded.weatherCode'),
        weatherText: eb.ref('excluded.weatherText'),
      })),
    )
    .execute();
}

/** Deletes a site's hours at the given times; returns how many went. */
export async function deleteForecastHours(
  db: Db,
  siteId: number,
  times: readonly string[],
): Promise<number> {
  if (times.length === 0) return 0;
  const result = await db
    .deleteFrom('weatherForecasts')
    .where('siteId', '=', siteId)
    .where(
      'time',
      'in',
      times.map((time) => new Date(time)),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes a site's hours before `before` (history the reads no longer need). */
export async function deleteForecastHoursBefore(
  db: Db,
  siteId: number,
  before: Date,
): Promise<void> {
  await db
    .deleteFrom('weatherForecasts')
    .where('siteId', '=', siteId)
    .where('time', '<', before)
    .execute();
}

export async function findForecastFetch(
  db: Db,
  siteId: number,
): Promise<ForecastFetchRow | undefined> {
  return db
    .selectFrom('weatherForecastFetches')
    .selectAll()
    .where('siteId', '=', siteId)
    .executeTakeFirst();
}

type FetchChange = Partial<Omit<ForecastFetchRow, 'siteId'>>;

/** Writes the given fields of a site's fetch record, creating it when missing. */
export async function recordForecastFetch(
  db: Db,
  siteId: number,
  change: FetchChange,
): Promise<void> {
  await db
    .insertInto('weatherForecastFetches')
    .values({ siteId, ...change })
    .onConflict((oc) => oc.column('siteId').doUpdateSet(change))
    .execute();
}

export interface DueSitesQuery {
  /** Sites last attempted before this are due. */
  attemptedBefore: Date;
  /** Sites without a forecast count only when a reader asked for them since. */
  requestedSince: Date;
  limit: number;
  now: Date;
  /**
   * Sites with deliveries from `now` until then count even when nobody asked for them lately
   * (default three days on): the deliveries' states need their forecast.
   */
  deliveriesUntil?: Date;
}

/** How far ahead deliveries keep their sites' forecasts fresh, unless the query says. */
const deliveryHorizonMs = 3 * 24 * 3_600_000;

/**
 * Claims the active sites due for a refresh, longest waiting first: those with a forecast,
 * those asked for recently, and those with deliveries coming (see `deliveriesUntil`), however
 * long ago they were asked for. Their last attempt becomes `now`, so another instance running
 * the same refresh skips them. (Every delivery's state computation records its site, asking
 * for it when it has no forecast, so the sites of deliveries have a record to claim.)
 */
export async function claimDueForecastSites(db: Db, query: DueSitesQuery): Promise<number[]> {
  const until = query.deliveriesUntil ?? new Date(query.now.getTime() + deliveryHorizonMs);
  const deliveriesComing = (eb: ExpressionBuilder<Database, 'weatherForecastFetches'>) =>
    eb.exists(
      eb
        .selectFrom('deliveries')
        .select('deliveries.id')
        .whereRef('deliveries.weatherSiteId', '=', 'weatherForecastFetches.siteId')
        .where('deliveries.startTime0', '>=', query.now)
        .where('deliveries.startTime0', '<=', until),
    );
  const rows = await db
    .updateTable('weatherForecastFetches')
    .set({ lastAttemptAt: query.now })
    .where('siteId', 'in', (eb) =>
      eb
        .selectFrom('weatherForecastFetches')
        .select('siteId')
        .where(
          'siteId',
          'in',
          eb.selectFrom('weatherSites').select('id').where('active', '=', true),
        )
        .where((w) =>
          w.or([w('lastAttemptAt', 'is', null), w('lastAttemptAt', '<', query.attemptedBefore)]),
        )
        .where((w) =>
          w.or([
            w('fetchedAt', 'is not', null),
            w('requestedAt', '>=', query.requestedSince),
            deliveriesComing(w),
          ]),
        )
        .orderBy('lastAttemptAt', (o) => o.asc().nullsFirst())
        .limit(query.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('siteId')
    .execute();
  return rows.map((row) => row.siteId);
}
