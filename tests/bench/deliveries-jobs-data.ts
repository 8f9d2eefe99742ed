/**
 * The deliveries jobs benchmark's data changes (see deliveries-jobs.ts), each one or two
 * statements on the bench database: the export sized to a number of rows, deliveries placed
 * at one forecast site, and that site's forecast hours.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/db/schema';

type Db = Kysely<Database>;

/** Plants whose deliveries the grid bench's employee1 sees: never moved. */
const employeePlants = ['BU05', 'BU17', 'BU33'];

/** How many deliveries the export (MineOnly false, Actual false) writes: those of active units. */
export async function exportedCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n
    from deliveries d join units u on u.id = d.unit_id where u.active`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * Makes the export write `rows` deliveries (as near as the table allows) by moving deliveries
 * between an inactive bench plant and the active ones (one UPDATE): an export of every active
 * unit's deliveries then has that size whatever the table's. Answers the export's count.
 */
export async function sizeExport(db: Db, rows: number): Promise<number> {
  const surplus = (await exportedCount(db)) - rows;
  if (surplus === 0) return rows;
  const plant = (active: boolean) => sql`(select id from units
    where code like 'BU%' and active = ${active} and code <> all(${sql.val(employeePlants)}::text[])
    order by code desc limit 1)`;
  const from = sql`select d.id from deliveries d join units u on u.id = d.unit_id
    where u.active = ${surplus > 0} and u.code like 'BU%' and u.code <> all(${sql.val(employeePlants)}::text[])
    order by d.id desc limit ${Math.abs(surplus)}`;
  await sql`update deliveries set unit_id = ${plant(surplus < 0)}
    where id in (${from})`.execute(db);
  await sql`vacuum analyze deliveries`.execute(db);
  return exportedCount(db);
}

export interface Site {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

/** The first `n` active forecast sites (the ones the nearest-site index answers). */
export async function activeSites(db: Db, n: number): Promise<Site[]> {
  const { rows } = await sql<Site>`select id, name, latitude, longitude from weather_sites
    where active order by id limit ${n}`.execute(db);
  return rows;
}

export interface Placed {
  /** Deliveries at the site now. */
  count: number;
  /** The span of their StartTime0. */
  from: Date;
  to: Date;
}

/**
 * Puts `count` deliveries (picked by a hash of the id, so spread over the table, the plants and
 * the days) at `site`, and every other delivery that was there at `elsewhere`, in one UPDATE,
 * then `vacuum analyze deliveries`. The recompute locates a delivery again from its stored
 * point (a location derived from a postcode is kept) and takes the nearest active site, so the
 * point moves too: to the site's own.
 */
export async function placeAtSite(
  db: Db,
  site: Site,
  elsewhere: Site,
  count: number,
): Promise<Placed> {
  await sql`with chosen as materialized (
      select id from deliveries order by hashint4(id), id limit ${count})
    update deliveries set
      weather_site_id = case when id in (select id from chosen) then ${site.id}::int
                             else ${elsewhere.id}::int end,
      latitude = case when id in (select id from chosen) then ${site.latitude}::float8 else latitude end,
      longitude = case when id in (select id from chosen) then ${site.longitude}::float8
                       else longitude end
    where id in (select id from chosen) or weather_site_id = ${site.id}`.execute(db);
  await sql`vacuum analyze deliveries`.execute(db);
  const { rows } = await sql<{ n: string; first: Date; last: Date }>`
    select count(*)::text as n, min(start_time0) as first, max(start_time0) as last
    from deliveries where weather_site_id = ${site.id}`.execute(db);
  return { count: Number(rows[0]!.n), from: rows[0]!.first, to: rows[0]!.last };
}

/**
 * A fresh forecast for the site (fetched now, so not stale) with an hour for every hour of
 * `from`..`to`: winter to mild air, calm to windy, dry or wet, from a hash of the hour and
 * `seed` (each run's forecast differs from the last: a real change). Answers the hours written.
 */
export async function forecastForSite(
  db: Db,
  siteId: number,
  from: Date,
  to: Date,
  seed: number,
): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    with hours as (
      select t, (hashint4(extract(epoch from t)::int + ${seed})::bigint + 2147483648) as h
      from generate_series(date_trunc('hour', ${from}::timestamptz), ${to}::timestamptz,
                           interval '1 hour') t),
    written as (
      insert into weather_forecasts (site_id, time, air_temperature, wind_speed_kmh,
        wind_gust_kmh, wind_direction, cloud_cover_percent, shortwave_radiation,
        precipitation_probability, precipitation_mm, weather_code, weather_text)
      select ${siteId}, t, -5 + (h % 250) / 10.0, (h / 250 % 500) / 10.0,
        (h / 250 % 500) / 6.0, h % 360, h / 7 % 101, h / 11 % 400, h / 13 % 101,
        case when h % 5 = 0 then (h / 17 % 40) / 10.0 else 0 end, 3, 'Overcast'
      from hours
      on conflict (site_id, time) do update set air_temperature = excluded.air_temperature,
        wind_speed_kmh = excluded.wind_speed_kmh, wind_gust_kmh = excluded.wind_gust_kmh,
        wind_direction = excluded.wind_direction,
        cloud_cover_percent = excluded.cloud_cover_percent,
        shortwave_radiation = excluded.shortwave_radiation,
        precipitation_probability = excluded.precipitation_probability,
        precipitation_mm = excluded.precipitation_mm
      returning 1)
    select count(*)::text as n from written`.execute(db);
  await sql`insert into weather_forecast_fetches (site_id, provider, fetched_at, last_attempt_at)
    values (${siteId}, 'bench', now(), now())
    on conflict (site_id) do update set provider = 'bench', fetched_at = now(),
      last_attempt_at = now(), last_error = null`.execute(db);
  return Number(rows[0]!.n);
}

export interface SiteStates {
  /** `G 4123, A 2210, ...` with the reason codes of M. */
  states: string;
  /** Deliveries at the site whose state was computed at or after `since`. */
  rewritten: number;
  total: number;
}

/** The states of the site's deliveries after a recompute, and how many it rewrote. */
export async function siteStates(db: Db, siteId: number, since: Date): Promise<SiteStates> {
  const { rows } = await sql<{ state: string; reason: string | null; n: string; fresh: string }>`
    select state, case when state = 'M' then state_reason_code end as reason,
      count(*)::text as n, count(*) filter (where state_computed_at >= ${since})::text as fresh
    from deliveries where weather_site_id = ${siteId}
    group by 1, 2 order by 1, 2`.execute(db);
  return {
    states: rows.map((r) => `${r.state}${r.reason ? ` (${r.reason})` : ''} ${r.n}`).join(', '),
    rewritten: rows.reduce((sum, r) => sum + Number(r.fresh), 0),
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
  };
}
