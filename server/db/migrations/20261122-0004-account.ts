import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every mail is stored here before it is sent; without SMTP it stays here (sent_at null).
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('template_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('outbox_created_at_idx').on('outbox').column('created_at').execute();
  await sql`create index outbox_unsent_idx on outbox (id) where sent_at is null`.execute(db);

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('language_id', 'text', (c) =>
      c.notNull().references('languages.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('is_system', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('parameters', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('email_templates_code_language_key', ['code', 'language_id'])
    .execute();

  // A ticket is known only by the SHA-256 of its token; the token itself is only in the mail.
  await db.schema
    .createTable('account_tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('reset', 'register')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('account_tickets_user_idx')
    .on('account_tickets')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_tickets').ifExists().execute();
  await db.schema.dropTable('email_templates').ifExists().execute();
  await db.schema.dropTable('outbox').ifExists().execute();
}
