import { type Kysely, sql } from 'kysely';

/**
 * The home grid at a million deliveries: a state filter counted and paged by time, and the
 * site column sorted and listed (measured by `tests/bench/deliveries-list.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index deliveries_state_start_idx on deliveries (state, start_time0, id)`.execute(
    db,
  );
  await sql`create index deliveries_site_name_idx on deliveries (site_name, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deliveries_site_name_idx`.execute(db);
  await sql`drop index if exists deliveries_state_start_idx`.execute(db);
}
