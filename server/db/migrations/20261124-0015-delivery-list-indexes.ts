import { type Kysely, sql } from 'kysely';

/**
 * The home grid at a million deliveries, second round (measured by
 * `tests/bench/deliveries-list.ts`):
 * - indexes whose leading column the grid sorts on are built `nulls first`, the engine's
 *   ascending order, so PostgreSQL walks them for a sorted page instead of sorting every
 *   matching row, and value lists walk them from one distinct value to the next (the site,
 *   material and customer columns carry the time and plant, so the walk reads the index alone);
 * - the state filter (the traffic light, the grid's most used filter) sorted by site;
 * - a plant's deliveries by time carry their state and site, so an employee's page, count and
 *   value lists read the index alone (an index-only scan), not a heap page per delivery;
 * - a forecast site's deliveries in key order, as a recompute pages through them (by id, from
 *   the last one done), so each page reads its 500 rows, not a sort of the whole site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`drop index if exists deliveries_site_name_idx`,
    sql`create index deliveries_site_name_idx on deliveries (site_name nulls first, id)
      include (start_time0, unit_id)`,
    sql`create index deliveries_material_name_idx on deliveries (material_name nulls first, id)
      include (start_time0, unit_id)`,
    sql`create index deliveries_sold_to_idx on deliveries (sold_to_party_name nulls first, id)
      include (start_time0, unit_id)`,
    sql`drop index if exists deliveries_state_start_idx`,
    sql`create index deliveries_state_start_idx on deliveries (state nulls first, start_time0, id)`,
    sql`create index deliveries_state_site_idx on deliveries (state, site_name nulls first, id)`,
    sql`drop index if exists deliveries_unit_start_idx`,
    sql`create index deliveries_unit_start_idx on deliveries (unit_id, start_time0, id)
      include (state, site_name)`,
    sql`drop index if exists deliveries_site_start_idx`,
    sql`create index deliveries_site_key_idx on deliveries (weather_site_id, id)
      include (start_time0)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`drop index if exists deliveries_site_key_idx`,
    sql`create index deliveries_site_start_idx on deliveries (weather_site_id, start_time0)`,
    sql`drop index if exists deliveries_sold_to_idx`,
    sql`drop index if exists deliveries_material_name_idx`,
    sql`drop index if exists deliveries_state_site_idx`,
    sql`drop index if exists deliveries_unit_start_idx`,
    sql`create index deliveries_unit_start_idx on deliveries (unit_id, start_time0, id)`,
    sql`drop index if exists deliveries_state_start_idx`,
    sql`create index deliveries_state_start_idx on deliveries (state, start_time0, id)`,
    sql`drop index if exists deliveries_site_name_idx`,
    sql`create index deliveries_site_name_idx on deliveries (site_name, id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
