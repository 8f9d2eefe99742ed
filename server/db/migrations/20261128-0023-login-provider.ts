import type { Kysely } from 'kysely';

/**
 * Every sign-in attempt names the identity provider that made it (`password`, later
 * `saml:<name>` and `oidc:<name>`); every attempt before providers existed was a password one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('login_audit')
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_audit').dropColumn('provider').execute();
}
