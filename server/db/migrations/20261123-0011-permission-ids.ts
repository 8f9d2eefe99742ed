import { type Kysely, sql } from 'kysely';

/** User-made permissions take their ids (1000 up) from the column default, as any insert does. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table permissions alter column id set default nextval('permissions_user_id_seq')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table permissions alter column id drop default`.execute(db);
}
