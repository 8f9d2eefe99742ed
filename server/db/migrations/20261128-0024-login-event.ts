import type { Kysely } from 'kysely';

/**
 * The login audit records account events beside sign-ins (a password changed or reset, a
 * profile updated, a user saved), each with the browser's fingerprint; every entry before
 * was a sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('login_audit')
    .addColumn('event', 'text', (c) => c.notNull().defaultTo('SignIn'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_audit').dropColumn('event').execute();
}
