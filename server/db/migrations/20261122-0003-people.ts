import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A company's contacts; type_id names an entry of the fixed contact type list.
  await db.schema
    .createTable('company_contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) =>
      c.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('type_id', 'integer', (c) => c.notNull().check(sql`type_id > 0`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('company_contacts_company_idx')
    .on('company_contacts')
    .column('company_id')
    .execute();

  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();
  await db.schema
    .createIndex('user_groups_group_idx')
    .on('user_groups')
    .column('group_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_groups_group_idx').ifExists().execute();
  await db.schema.dropIndex('users_company_idx').ifExists().execute();
  await db.schema.dropTable('company_contacts').ifExists().execute();
}
