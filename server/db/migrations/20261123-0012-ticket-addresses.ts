import { type Kysely, sql } from 'kysely';

/**
 * A mailed link works only while the account still has the address it was mailed to: a link
 * sent to an address the account has since left cannot take the account over later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tickets').addColumn('email', 'text').execute();
  await sql`update account_tickets t set email = u.email from users u where u.id = t.user_id`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tickets').dropColumn('email').execute();
}
