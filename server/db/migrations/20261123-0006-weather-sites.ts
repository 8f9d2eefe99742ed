import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Forecast sites (UK towns); the id is the place's GeoNames id.
  await db.schema
    .createTable('weather_sites')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) =>
      c.notNull().check(sql`latitude between -90 and 90`),
    )
    .addColumn('longitude', 'double precision', (c) =>
      c.notNull().check(sql`longitude between -180 and 180`),
    )
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weather_sites').ifExists().execute();
}
