import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The ids of menu items an administrator adds: above the release's own (which stay below
  // 10000), never issued twice, so that a removed item's id is not reused.
  await sql`create sequence menu_item_ids start with 10000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop sequence if exists menu_item_ids`.execute(db);
}
