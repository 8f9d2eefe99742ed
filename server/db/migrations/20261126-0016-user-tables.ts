import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must not import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // User-defined data sources are real tables in a schema of their own, named after ids.
  await sql`create schema if not exists udt`.execute(db);
  // The next column id of a user table: ids are never reused, so a column dropped and a field
  // added in one save never meet, and a rename touches only the metadata.
  await sql`alter table data_sources add column next_field_id integer not null default 1`.execute(
    db,
  );
  // A data source's fields are in the order its designer placed them: json keeps the order
  // of an object's keys, jsonb sorts them.
  await sql`alter table data_sources alter column schema_definition type json
    using schema_definition::json`.execute(db);
  // Whether a value converts to a type, for the message of a refused type change: the
  // values that would not convert are named (a cast that fails would abort the statement).
  await sql`
    create function udt.converts(value text, target text) returns boolean
    language plpgsql immutable parallel safe as $$
    begin
      execute format('select cast(%L as %s)', value, target);
      return true;
    exception when others then
      return false;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_sources alter column schema_definition type jsonb
    using schema_definition::jsonb`.execute(db);
  await sql`drop schema if exists udt cascade`.execute(db);
  await sql`alter table data_sources drop column if exists next_field_id`.execute(db);
}
