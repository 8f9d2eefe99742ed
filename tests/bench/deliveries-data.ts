/**
 * The deliveries benchmark's data: a scratch PostgreSQL database (created here, dropped by
 * `drop`), migrated and seeded as a demo installation, then filled with a million deliveries
 * by `insert ... select generate_series` (seconds, not the hours row-by-row inserts would take).
 */
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { seedReferenceData } from '../../server/seed/reference';
import { buildUpTo } from '../support/test-templates';
import { createPostgresDatabase } from '../support/test-database';

export const defaultBenchDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  handle: DatabaseHandle;
  url: string;
  /** Closes the pool and drops the scratch database. */
  drop(): Promise<void>;
}

/** A new database on the server of `baseUrl`, migrated, with reference and demo data. */
export async function createBenchDatabase(
  baseUrl: string,
  poolSize: number,
): Promise<BenchDatabase> {
  const created = await createPostgresDatabase(baseUrl);
  const handle = await connectDatabase({
    databaseUrl: created.url,
    dataDir: 'memory://',
    statementTimeoutMs: 600_000,
    poolSize,
  });
  try {
    await buildUpTo(handle.db, 'demo');
  } catch (error) {
    await handle.close();
    await created.drop();
    throw error;
  }
  return {
    handle,
    url: created.url,
    async drop() {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * An already seeded bench database (kept by `BENCH_KEEP_DATABASE=1`), brought to the latest
 * migration and definitions, never dropped: for trying an index or a query change without
 * seeding a million rows again.
 */
export async function openBenchDatabase(url: string, poolSize: number): Promise<BenchDatabase> {
  const handle = await connectDatabase({
    databaseUrl: url,
    dataDir: 'memory://',
    statementTimeoutMs: 600_000,
    poolSize,
  });
  if ((await migrateToLatest(handle.db)).length > 0) await sql`vacuum analyze`.execute(handle.db);
  await seedReferenceData(handle.db);
  return { handle, url, drop: () => handle.close() };
}

export interface BenchShape {
  deliveries: number;
  units: number;
  /** Bench units left inactive (their deliveries are hidden unless asked). */
  inactiveUnits: number;
  users: number;
  /** Days either side of today the deliveries spread over. */
  days: number;
}

export const benchShape: BenchShape = {
  deliveries: 1_000_000,
  units: 50,
  inactiveUnits: 2,
  users: 200,
  days: 30,
};

const chunk = 100_000;

/**
 * Bench plants (`BU01`...), bench users linked to two to four of them each, and employee1
 * linked to three, so a non-administrator's Mine covers a few plants among many.
 */
async function seedBenchPlantsAndUsers(db: Kysely<Database>, shape: BenchShape): Promise<void> {
  await sql`insert into units (code, name, active, latitude, longitude)
    select 'BU' || lpad(u::text, 2, '0'), 'Bench plant ' || u, u > ${shape.inactiveUnits},
           50.5 + (u % 7) * 0.5, -3 + (u % 9) * 0.4
    from generate_series(1, ${shape.units}) u`.execute(db);
  await sql`insert into users (name, first_name, surname, email)
    select 'benchuser' || n, 'Bench', 'User ' || n, 'benchuser' || n || '@bench.test'
    from generate_series(1, ${shape.users}) n`.execute(db);
  await sql`insert into user_units (user_id, unit_id)
    select distinct usr.id, b.id
    from users usr
    cross join generate_series(0, 3) k
    join units b on b.code = 'BU' || lpad((1 + (usr.id * 7 + k * 13) % ${shape.units})::text, 2, '0')
    where usr.name like 'benchuser%' and k < 2 + usr.id % 3`.execute(db);
  await sql`insert into user_units (user_id, unit_id)
    select usr.id, b.id from users usr join units b on b.code in ('BU05', 'BU17', 'BU33')
    where usr.name = 'employee1'`.execute(db);
}

/** Roads, towns and works that make about 3,000 distinct, plausible site names. */
const roads = (
  'A64 York Road|High Street|Station Road|Church Lane|London Road|Park Avenue|' +
  'A1(M) carriageway|M62 slip road|Victoria Road|Green Lane|Manor Road|Mill Lane|' +
  'A38 Bristol Road|Queens Drive|Kings Way|Bath Road|A6 Stockport Road|' +
  'Newport Road|Ring Road|Chester Road|A45 Coventry Road|Commercial Road|' +
  'Market Place|Bridge Street|Castle Street'
).split('|');
const towns = (
  'Leeds|York|Bradford|Wakefield|Halifax|Harrogate|Manchester|Bolton|Stockport|' +
  'Wigan|Preston|Birmingham|Coventry|Wolverhampton|Worcester|Redditch|London|' +
  'Croydon|Romford|Watford|Southampton|Winchester|Portsmouth|Bristol|Bath|Cardiff|' +
  'Newport|Swindon|Gloucester|Chippenham'
).split('|');
const works = ['resurfacing', 'patching', 'widening', 'footways'];

/**
 * A million deliveries over the bench plants (busier and quieter ones), ±30 days around today
 * between 06:00 and 15:00 UK time, with the demo mixes, and states spread as a winter week
 * gives them (G 45%, A 20%, R 18%, Y 8%, M 9%), in chunks of 100,000 rows. Values come from a
 * hash of the row number, so every run fills the same table.
 */
async function seedBenchDeliveries(db: Kysely<Database>, shape: BenchShape): Promise<void> {
  for (let from = 1; from <= shape.deliveries; from += chunk) {
    const to = Math.min(shape.deliveries, from + chunk - 1);
    await sql`
      with mats as (
        select array_agg(id order by id) as ids, array_agg(code order by id) as codes,
               array_agg(name order by id) as names, array_agg(min_mix_temp order by id) as mins,
               array_agg(max_mix_temp order by id) as maxes
        from materials where active and min_mix_temp is not null),
      plants as (
        select array_agg(id order by code) as ids, array_agg(code order by code) as codes
        from units where code like 'BU%'),
      sites as (select array_agg(id order by id) as ids from weather_sites),
      draws as (
        select i,
          (hashint4(i * 17 + 1)::bigint + 2147483648) as u1,
          (hashint4(i * 17 + 2)::bigint + 2147483648) as u2,
          (hashint4(i * 17 + 3)::bigint + 2147483648) as u3,
          (hashint4(i * 17 + 4)::bigint + 2147483648) as u4,
          (hashint4(i * 17 + 5)::bigint + 2147483648) as u5,
          (hashint4(i * 17 + 6)::bigint + 2147483648) as u6,
          (hashint4(i * 17 + 7)::bigint + 2147483648) as u7,
          (hashint4(i * 17 + 8)::bigint + 2147483648) as u8
        from generate_series(${from}::int, ${to}::int) i),
      picked as (
        select d.*,
          1 + floor(array_length(plants.ids, 1) * power(d.u1 / 4294967296.0, 1.6))::int as p,
          1 + (d.u5 % array_length(mats.ids, 1))::int as m,
          (d.u2 % ${2 * shape.days + 1})::int - ${shape.days} as day_offset,
          360 + 5 * (d.u3 % 109)::int as minute,
          (d.u4 % 100)::int as state_draw,
          (d.u8 % 3000)::int as site_no,
          -4 + (d.u6 % 200) / 10.0 as air,
          (d.u7 % 450) / 10.0 as wind
        from draws d, plants, mats),
      shaped as (
        select pk.*,
          case when state_draw < 45 then 'G' when state_draw < 65 then 'A'
               when state_draw < 83 then 'R' when state_draw < 91 then 'Y' else 'M' end as state,
          (current_date + day_offset) as day
        from picked pk)
      insert into deliveries (
        unique_id1, unique_id2, output_temperature, available_time_for_compaction,
        evo_therm_allowed, state, material_code, material_name, material_id, sold_to_party_id,
        sold_to_party_name, unit_id, ship_to_address, grid_ref, mileage, order_quantity,
        delivery_date, start_time0, start_time, end_time, time, latitude, longitude,
        location_source, site_name, thickness, weather_forecast_as_html,
        weather_forecast_temperature, wind_speed, weather_site_id, weather_site_distance_km,
        state_reason_code, state_reason, state_needed_minutes, state_model_version, state_inputs,
        state_computed_at, state_forecast_fetched_at)
      select
        'BENCH' || i, '000010',
        mats.mins[m] + 5 * (u6 % ((mats.maxes[m] - mats.mins[m]) / 5 + 1)),
        case state when 'G' then 20 + (u7 % 400) / 10.0 when 'A' then 12 + (u7 % 80) / 10.0
                   when 'R' then 2 + (u7 % 80) / 10.0 when 'Y' then 8 + (u7 % 60) / 10.0 end,
        u8 % 3 = 0, state, mats.codes[m], mats.names[m], mats.ids[m],
        '00100' || lpad((u2 % 12)::text, 5, '0'), 'Customer ' || (u2 % 12),
        plants.ids[p],
        (${sql.val(roads)}::text[])[1 + site_no % ${roads.length}] || ', '
          || (${sql.val(towns)}::text[])[1 + (site_no / ${roads.length}) % ${towns.length}]
          || ' ' || chr(65 + (u4 % 26)::int) || chr(65 + (u5 % 26)::int) || (1 + u6 % 20)
          || ' ' || (u7 % 10) || chr(65 + (u8 % 26)::int) || chr(65 + (u1 % 26)::int),
        null, 1 + (u5 % 590) / 10.0, 5 + (u6 % 51) / 2.0,
        day, (day + make_interval(mins => minute)) at time zone 'Europe/London',
        (day + make_interval(mins => minute)) at time zone 'Europe/London',
        (day + make_interval(mins => minute + 40)) at time zone 'Europe/London',
        to_char(make_interval(mins => minute), 'HH24:MI'),
        50.5 + (u3 % 400) / 100.0, -3 + (u4 % 400) / 100.0, 'postcode',
        (${sql.val(roads)}::text[])[1 + site_no % ${roads.length}] || ' '
          || (${sql.val(works)}::text[])[1 + (site_no / 750) % ${works.length}] || ' '
          || (${sql.val(towns)}::text[])[1 + (site_no / ${roads.length}) % ${towns.length}],
        30 + 5 * (u3 % 25),
        format('<span class="weather-forecast" title="Overcast, %s °C, wind %s km/h, gusts %s km/h">'
          || '<span class="weather-icon" aria-hidden="true">☁️</span> '
          || '<span class="weather-temperature">%s °C</span> '
          || '<span class="weather-wind">%s km/h</span></span>',
          round(air), round(wind), round(wind * 1.5), round(air), round(wind)),
        air, wind, sites.ids[1 + (u1 % array_length(sites.ids, 1))::int], (u2 % 250) / 10.0,
        case state when 'M' then 'noForecast' when 'R' then 'tooShort' else 'model' end,
        case state when 'M' then 'No forecast yet for the site at that hour'
                   else round(10 + (u7 % 400) / 10.0) || ' min available, 12 min needed' end,
        case state when 'M' then null else 8 + (u5 % 8) end,
        case state when 'M' then null else 'pavecool-1' end,
        case state when 'M' then null else jsonb_build_object(
          'thicknessMm', 30 + 5 * (u3 % 25), 'outputTemperature', 150, 'layingTemperature', 138.5,
          'mileage', 1 + (u5 % 590) / 10.0, 'haulMinutes', 24, 'mixType', 'dense',
          'stopTemperature', 79.4, 'minMixTemp', mats.mins[m], 'maxMixTemp', mats.maxes[m],
          'baseType', 'asphalt', 'baseWet', false, 'baseFrozen', false,
          'latitude', 50.5 + (u3 % 400) / 100.0, 'longitude', -3 + (u4 % 400) / 100.0,
          'dateTime', day + make_interval(mins => minute),
          'forecast', jsonb_build_object('airTemperature', air, 'windSpeedKmh', wind,
            'cloudCoverPercent', u6 % 100, 'shortwaveRadiation', u7 % 300,
            'precipitationMm', 0)) end,
        now(), now() - interval '40 minutes'
      from shaped, mats, plants, sites`.execute(db);
  }
}

/** Fills the bench data; answers how long it took, ms. */
export async function seedBenchData(db: Kysely<Database>, shape = benchShape): Promise<number> {
  const started = performance.now();
  await seedBenchPlantsAndUsers(db, shape);
  await seedBenchDeliveries(db, shape);
  // As autovacuum leaves a table in steady use: statistics and visibility map up to date.
  await sql`vacuum analyze`.execute(db);
  return performance.now() - started;
}
