import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The card a narrow frame (a phone) draws per row: column fields of the page, in order.
  await sql`alter table grid_pages add column card_fields jsonb not null default '[]'::jsonb`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table grid_pages drop column if exists card_fields`.execute(db);
}
