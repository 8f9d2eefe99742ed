import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A data source's row and field rules per role (null: none), kept with its definition so
  // that every instance reads them with it.
  await sql`alter table data_sources add column access_rules jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_sources drop column if exists access_rules`.execute(db);
}
