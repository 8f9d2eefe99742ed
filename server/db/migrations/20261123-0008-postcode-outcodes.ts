import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Postcode district centroids, imported by an administrator from an open dataset.
  await db.schema
    .createTable('postcode_outcodes')
    .addColumn('outcode', 'text', (c) =>
      c.primaryKey().check(sql`outcode ~ '^[A-Z]{1,2}[0-9][0-9A-Z]?$'`),
    )
    .addColumn('latitude', 'double precision', (c) =>
      c.notNull().check(sql`latitude between 49 and 61`),
    )
    .addColumn('longitude', 'double precision', (c) =>
      c.notNull().check(sql`longitude between -9 and 2.5`),
    )
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postcode_outcodes').ifExists().execute();
}
