import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('languages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('angular_culture', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('kendo_culture', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('last_updated', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('translation_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('default_text', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('translations')
    .addColumn('language_id', 'text', (c) =>
      c.notNull().references('languages.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (c) =>
      c.notNull().references('translation_keys.key').onDelete('cascade'),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['language_id', 'key'])
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('language_id', 'text', (c) =>
      c.notNull().references('languages.id').onDelete('cascade'),
    )
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('parent_id', 'integer')
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('menu_items_pk', ['language_id', 'id'])
    .execute();

  await db.schema
    .createTable('problem_reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('error_log', 'text', (c) => c.notNull())
    .addColumn('previous_page', 'text')
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'integer')
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('language', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('mailed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('problem_reports_created_at_idx')
    .on('problem_reports')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'problem_reports',
    'menu_items',
    'translations',
    'translation_keys',
    'languages',
    'settings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
