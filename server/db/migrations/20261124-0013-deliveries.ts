import { type Kysely, sql } from 'kysely';

/**
 * Deliveries of hot asphalt from a unit (plant) to a site, with the state the compaction model
 * and the forecast give them; units gain a location (for the haul and the map) and materials
 * what the state needs (mix temperatures, mix type, stop temperature).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('units')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('postcode', 'text')
    .execute();

  await db.schema
    .alterTable('materials')
    .addColumn('min_mix_temp', 'integer')
    .addColumn('max_mix_temp', 'integer')
    .addColumn('mix_type', 'text', (c) => c.notNull().defaultTo('dense'))
    .addColumn('stop_temperature', 'double precision')
    .execute();
  await sql`alter table materials add constraint materials_mix_type_check
    check (mix_type in ('dense', 'sma'))`.execute(db);
  await sql`alter table materials add constraint materials_mix_range_check
    check (min_mix_temp is null or max_mix_temp is null or min_mix_temp <= max_mix_temp)`.execute(
    db,
  );

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('unique_id1', 'text', (c) => c.notNull())
    .addColumn('unique_id2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unique_id3', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('output_temperature', 'integer', (c) => c.notNull())
    .addColumn('available_time_for_compaction', 'double precision')
    .addColumn('evo_therm_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('M'))
    .addColumn('material_code', 'text', (c) => c.notNull())
    .addColumn('material_name', 'text')
    .addColumn('material_id', 'integer', (c) => c.references('materials.id').onDelete('set null'))
    .addColumn('sold_to_party_id', 'text')
    .addColumn('sold_to_party_name', 'text')
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
    .addColumn('ship_to_address', 'text')
    .addColumn('grid_ref', 'text')
    .addColumn('mileage', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('order_quantity', 'double precision')
    .addColumn('delivery_date', 'date', (c) => c.notNull())
    .addColumn('start_time0', 'timestamptz', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('time', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    /** Where Latitude and Longitude came from: given, gridref, postcode, outcode or area. */
    .addColumn('location_source', 'text')
    .addColumn('site_name', 'text')
    .addColumn('thickness', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weather_forecast_as_html', 'text')
    .addColumn('weather_forecast_temperature', 'double precision')
    .addColumn('wind_speed', 'double precision')
    .addColumn('weather_site_id', 'integer', (c) =>
      c.references('weather_sites.id').onDelete('set null'),
    )
    .addColumn('weather_site_distance_km', 'double precision')
    .addColumn('state_reason_code', 'text')
    .addColumn('state_reason_params', 'jsonb')
    .addColumn('state_reason', 'text')
    .addColumn('state_needed_minutes', 'double precision')
    .addColumn('state_model_version', 'text')
    .addColumn('state_inputs', 'jsonb')
    .addColumn('state_computed_at', 'timestamptz')
    .addColumn('state_forecast_fetched_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`alter table deliveries add constraint deliveries_natural_key
    unique (unique_id1, unique_id2, unique_id3)`.execute(db);
  await sql`alter table deliveries add constraint deliveries_thickness_check
    check (thickness = 0 or thickness between 20 and 200)`.execute(db);
  // The home grid: upcoming deliveries by time, all units or the caller's.
  await sql`create index deliveries_start_idx on deliveries (start_time0, id)`.execute(db);
  await sql`create index deliveries_unit_start_idx on deliveries (unit_id, start_time0, id)`.execute(
    db,
  );
  // A forecast change recomputes the deliveries at its site in its window.
  await sql`create index deliveries_site_start_idx on deliveries (weather_site_id, start_time0)`.execute(
    db,
  );
  await sql`create index deliveries_material_idx on deliveries (material_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deliveries').ifExists().execute();
  await db.schema.alterTable('materials').dropConstraint('materials_mix_range_check').execute();
  await db.schema.alterTable('materials').dropConstraint('materials_mix_type_check').execute();
  for (const name of ['min_mix_temp', 'max_mix_temp', 'mix_type', 'stop_temperature']) {
    await db.schema.alterTable('materials').dropColumn(name).execute();
  }
  for (const name of ['latitude', 'longitude', 'postcode']) {
    await db.schema.alterTable('units').dropColumn(name).execute();
  }
}
