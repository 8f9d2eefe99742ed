import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The forecast cache: one row per site and hour, as the provider last gave it. Reads take a
  // site's hours from now on, which the primary key serves.
  await db.schema
    .createTable('weather_forecasts')
    .addColumn('site_id', 'integer', (c) =>
      c.notNull().references('weather_sites.id').onDelete('cascade'),
    )
    .addColumn('time', 'timestamptz', (c) => c.notNull())
    .addColumn('air_temperature', 'double precision', (c) => c.notNull())
    .addColumn('wind_speed_kmh', 'double precision', (c) => c.notNull())
    .addColumn('wind_gust_kmh', 'double precision')
    .addColumn('wind_direction', 'double precision')
    .addColumn('cloud_cover_percent', 'double precision')
    .addColumn('shortwave_radiation', 'double precision')
    .addColumn('precipitation_probability', 'double precision')
    .addColumn('precipitation_mm', 'double precision')
    .addColumn('weather_code', 'integer')
    .addColumn('weather_text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('weather_forecasts_pkey', ['site_id', 'time'])
    .execute();

  // Per site: the last good fetch (provider, time), the last attempt and its error, and when a
  // reader last asked for a site that had no forecast (so the refresh keeps trying it).
  await db.schema
    .createTable('weather_forecast_fetches')
    .addColumn('site_id', 'integer', (c) =>
      c.primaryKey().references('weather_sites.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text')
    .addColumn('fetched_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('requested_at', 'timestamptz')
    .addCheckConstraint(
      'weather_forecast_fetches_fetched',
      sql`(provider is null) = (fetched_at is null)`,
    )
    .execute();
  // The refresh picks the sites whose last attempt is oldest.
  await db.schema
    .createIndex('weather_forecast_fetches_last_attempt')
    .on('weather_forecast_fetches')
    .column('last_attempt_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weather_forecast_fetches').ifExists().execute();
  await db.schema.dropTable('weather_forecasts').ifExists().execute();
}
