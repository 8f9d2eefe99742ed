import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who may see a grid page, as a permission expression; '' leaves it to the data source's
  // read permission.
  await sql`alter table grid_pages add column permission text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table grid_pages drop column if exists permission`.execute(db);
}
