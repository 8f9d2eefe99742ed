import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Ids below 1000 are system definitions loaded from metadata at start-up.
  await db.schema
    .createTable('data_sources')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_virtual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('primary_key_field', 'text', (c) => c.notNull())
    .addColumn('schema_definition', 'jsonb', (c) => c.notNull())
    .addColumn('form_definition', 'jsonb')
    .addColumn('is_system', 'boolean', (c) => c.notNull().defaultTo(false))
    // What the engine needs to reach a virtual source's table; never served to the browser.
    .addColumn('storage', 'jsonb')
    .addColumn('permissions', 'jsonb')
    .addColumn('entity_type', 'text')
    // The calls that read, save and delete one row ({ Get, Save, Delete }).
    .addColumn('api', 'jsonb')
    .addColumn('unique_fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`alter table data_sources alter column id restart with 1000`.execute(db);
  await sql`create unique index data_sources_name_key on data_sources (lower(name))`.execute(db);

  await db.schema
    .createTable('grid_pages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('page_title', 'text', (c) => c.notNull())
    .addColumn('data_source_id', 'integer', (c) =>
      c.notNull().references('data_sources.id').onDelete('restrict'),
    )
    .addColumn('pk_field', 'text', (c) => c.notNull())
    .addColumn('schema_definition', 'jsonb')
    .addColumn('form_definition', 'jsonb')
    .addColumn('columns', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('row_actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('page_size', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('default_sort', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('default_filter', 'text')
    .addColumn('default_filter_title', 'text')
    .addColumn('list_url', 'text', (c) => c.notNull())
    .addColumn('detail_url', 'text')
    .addColumn('is_system', 'boolean', (c) => c.notNull().defaultTo(false))
    // The release's definition as last loaded: an upgrade compares against it to keep what
    // an administrator changed (titles, order, formats) and take the rest from the release.
    .addColumn('system_definition', 'jsonb')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`alter table grid_pages alter column id restart with 1000`.execute(db);
  await sql`create unique index grid_pages_title_key on grid_pages (lower(page_title))`.execute(db);

  await db.schema
    .createTable('change_logs')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('date_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('action_type', 'smallint', (c) =>
      c.notNull().check(sql`action_type between 0 and 3`),
    )
    .addColumn('generic_log', 'text')
    // [{ Field, OldValue, NewValue }]
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`create index change_logs_entity_idx on change_logs (entity_type, entity_id, date_time desc)`.execute(
    db,
  );
  await sql`create index change_logs_date_time_idx on change_logs (date_time desc, id desc)`.execute(
    db,
  );

  // Lists page by name with the id as tie-break (keyset-friendly, and `startswith` filters);
  // active is included so the default "active only" count is answered from the index.
  await sql`create index users_name_id_idx on users (name, id) include (active)`.execute(db);
  // `startswith(Name, ...)` is a LIKE 'prefix%', which only a pattern index serves in a
  // database whose collation is not plain C.
  await sql`create index users_name_pattern_idx on users (name text_pattern_ops) include (active)`.execute(
    db,
  );

  await db.schema
    .createTable('units')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create unique index units_code_key on units (lower(code))`.execute(db);
  await sql`create index units_name_idx on units (name, id)`.execute(db);

  await db.schema
    .createTable('materials')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('can_add_evotherm', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create index materials_name_idx on materials (name, id)`.execute(db);

  await db.schema
    .createTable('user_units')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_units_pkey', ['user_id', 'unit_id'])
    .execute();
  await db.schema.createIndex('user_units_unit_idx').on('user_units').column('unit_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'user_units',
    'materials',
    'units',
    'change_logs',
    'grid_pages',
    'data_sources',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
