import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { DataSourceSave, DataSourceView } from '#metadata';
import { connectDatabase } from '../../server/db/connect';
import { createServer } from '../../server/server';
import { apiClient, type ApiClient } from './api-client';
import type { TestApp } from './test-app';

/**
 * The data source designer's calls (as the admin, who holds ManageDataSources) and what a
 * user table holds physically, for tests that assert both the answer and the database.
 */

export type SaveBody = Omit<DataSourceSave, 'SchemaDefinition'> & {
  SchemaDefinition: Record<string, unknown>;
};

export interface ErrorBody {
  Message: string;
  Errors: { Field: string; Message: string }[];
  AlreadyExists?: true;
  DuplicatePK?: true;
  NeedsConfirmation?: true;
}

const designer = '/api/dataSources';
/** A data source's permissions letting every signed-in user read and write its rows. */
export const anySignedInUser = {
  read: 'authorized',
  create: 'authorized',
  update: 'authorized',
  delete: 'authorized',
};

export const rowsUrl = (id: number) => `${designer}/${id}/data`;

/** `POST api/dataSources` as the admin; the raw response. */
export const postSource = (client: ApiClient, body: SaveBody) =>
  client.post('admin', designer, body);

/** `PUT api/dataSources` as the admin; the raw response. */
export const putSource = (client: ApiClient, body: SaveBody) => client.put('admin', designer, body);

/** A data source created as the admin (fails the test when refused). */
export async function createSource(client: ApiClient, body: SaveBody): Promise<DataSourceView> {
  const response = await postSource(client, body);
  if (response.statusCode !== 200) {
    throw new Error(`Creating ${body.Name} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<DataSourceView>();
}

/** A data source as the designer reads it. */
export async function readSource(client: ApiClient, id: number): Promise<DataSourceView> {
  return (await client.get('admin', `${designer}/${id}`)).json<DataSourceView>();
}

/** The save body that sends a read definition back with a new schema (and other changes). */
export function editOf(view: DataSourceView, changes: Partial<SaveBody> = {}): SaveBody {
  return {
    Id: view.Id,
    Name: view.Name,
    PrimaryKeyField: view.PrimaryKeyField,
    SchemaDefinition: view.SchemaDefinition,
    FormDefinition: view.FormDefinition,
    Permissions: view.Permissions,
    Version: view.Version,
    ...changes,
  };
}

/** The field schemas of a read definition, to edit one of them. */
export const propertiesOf = (view: DataSourceView) =>
  (view.SchemaDefinition as { properties: Record<string, Record<string, unknown>> }).properties;

/** A row inserted through the API as the admin (fails the test when refused). */
export async function insertRow(
  client: ApiClient,
  id: number,
  row: Record<string, unknown>,
): Promise<Record<string, unknown> & { Id: number; Version: number }> {
  const response = await client.post('admin', rowsUrl(id), { Json: row });
  if (response.statusCode !== 200) {
    throw new Error(`Inserting a row answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

export const errorOf = (response: LightMyRequestResponse) => response.json<ErrorBody>();

const raw = (t: TestApp) => t.database.db.withoutPlugins();
/** Sorted by name in code-unit order: the database's collation differs between PGlite and PostgreSQL. */
const byName = <T extends { name: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const tableName = (id: number) => `t${id}`;

export interface PhysicalColumn {
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
}

/** The columns of `udt.t{id}` as information_schema shows them, in their order. */
export async function columnsOf(t: TestApp, id: number): Promise<PhysicalColumn[]> {
  const result = await sql<PhysicalColumn>`select column_name as name, data_type as type,
      is_nullable = 'YES' as nullable, column_default as default
    from information_schema.columns where table_schema = 'udt' and table_name = ${tableName(id)}
    order by ordinal_position`.execute(raw(t));
  return result.rows;
}

/** One column by name (fails the test when absent). */
export async function columnOf(t: TestApp, id: number, name: string): Promise<PhysicalColumn> {
  const column = (await columnsOf(t, id)).find((c) => c.name === name);
  if (!column) throw new Error(`udt.t${id} has no column ${name}`);
  return column;
}

export interface PhysicalConstraint {
  name: string;
  type: string;
  /** The constraint as PostgreSQL writes it back (`CHECK (...)`, `UNIQUE (c3)`, ...). */
  definition: string;
}

/** The constraints of `udt.t{id}` (information_schema's, without the implicit NOT NULLs). */
export async function constraintsOf(t: TestApp, id: number): Promise<PhysicalConstraint[]> {
  const result = await sql<PhysicalConstraint>`select tc.constraint_name as name,
      tc.constraint_type as type, pg_get_constraintdef(c.oid) as definition
    from information_schema.table_constraints tc
    join pg_constraint c on c.conname = tc.constraint_name
      and c.connamespace = 'udt'::regnamespace
    where tc.table_schema = 'udt' and tc.table_name = ${tableName(id)}
      and tc.constraint_name not like '%_not_null'`.execute(raw(t));
  return byName(result.rows);
}

/**
 * The CHECK constraints of `udt.t{id}` by name, as PostgreSQL writes them back (`CHECK (...)`;
 * information_schema's check_clause is parenthesised differently between versions).
 */
export async function checksOf(t: TestApp, id: number): Promise<Record<string, string>> {
  const checks = (await constraintsOf(t, id)).filter((constraint) => constraint.type === 'CHECK');
  return Object.fromEntries(checks.map((check) => [check.name, check.definition]));
}

/** The indexes of `udt.t{id}`: name and definition. */
export async function indexesOf(
  t: TestApp,
  id: number,
): Promise<{ name: string; definition: string }[]> {
  const result = await sql<{ name: string; definition: string }>`select indexname as name,
      indexdef as definition from pg_indexes
    where schemaname = 'udt' and tablename = ${tableName(id)}`.execute(raw(t));
  return byName(result.rows);
}

/** Whether `udt.t{id}` exists. */
export async function tableExists(t: TestApp, id: number): Promise<boolean> {
  const result = await sql<{ present: boolean }>`select to_regclass(${`udt.${tableName(id)}`})
    is not null as present`.execute(raw(t));
  return result.rows[0]!.present;
}

/** The tables of schema `udt`, by name. */
export async function userTables(t: TestApp): Promise<string[]> {
  const result = await sql<{ name: string }>`select table_name as name
    from information_schema.tables where table_schema = 'udt'`.execute(raw(t));
  return result.rows.map((row) => row.name).sort();
}

/** Everything physical about `udt.t{id}`, to compare before and after a refused change. */
export async function tableShapeOf(t: TestApp, id: number) {
  return {
    columns: await columnsOf(t, id),
    constraints: await constraintsOf(t, id),
    indexes: await indexesOf(t, id),
  };
}

/** The rows of `udt.t{id}` as stored (columns by their physical names), by id. */
export async function storedRows(t: TestApp, id: number): Promise<Record<string, unknown>[]> {
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(
    `udt.${tableName(id)}`,
  )} order by id`.execute(raw(t));
  return result.rows;
}

export async function rowCount(t: TestApp, id: number): Promise<number> {
  return (await storedRows(t, id)).length;
}

/** The `data_sources` row of a data source, or undefined. */
export async function metadataOf(t: TestApp, id: number) {
  return t.database.db
    .selectFrom('dataSources')
    .select([
      'name',
      'version',
      'schemaDefinition',
      'formDefinition',
      'storage',
      'permissions',
      'primaryKeyField',
      'uniqueFields',
      'nextFieldId',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The change-log entries of one row or data source, oldest first. */
export async function changeLogOf(t: TestApp, entityType: string, entityId: number) {
  return t.database.db
    .selectFrom('changeLogs')
    .select(['actionType', 'userName', 'changes'])
    .where('entityType', '=', entityType)
    .where('entityId', '=', String(entityId))
    .orderBy('id')
    .execute();
}

/** The physical column of a field: `c{x-field-id}`. */
export function columnNameOf(view: DataSourceView, field: string): string {
  const id = propertiesOf(view)[field]?.['x-field-id'];
  if (typeof id !== 'number') throw new Error(`${field} has no x-field-id`);
  return `c${id}`;
}

/**
 * What a refused change must leave as it was: the definition (version, schema, storage), the
 * physical table (columns, types, constraints, indexes) and the rows.
 */
export async function snapshotOf(t: TestApp, id: number) {
  return {
    metadata: await metadataOf(t, id),
    table: await tableShapeOf(t, id),
    rows: await storedRows(t, id),
  };
}

/** The id of a demo user, as the stamp columns hold it. */
export async function userIdOf(t: TestApp, name: string): Promise<number> {
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return user.id;
}

/**
 * The app over the same database with its sessions in another time zone: on PGlite (one
 * session) the session's zone is set and reset; on PostgreSQL a second app instance connects
 * with the zone as a connection option.
 */
export async function sameAppInTimeZone(
  t: TestApp,
  zone: string,
): Promise<{ client: ApiClient; close(): Promise<void> }> {
  if (!t.database.url) {
    await sql`set timezone = ${sql.lit(zone)}`.execute(t.database.db);
    return {
      client: apiClient(t),
      close: async () => void (await sql`reset timezone`.execute(t.database.db)),
    };
  }
  const url = new URL(t.database.url);
  url.searchParams.set('options', `-c timezone=${zone}`);
  const database = await connectDatabase({
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    statementTimeoutMs: 10_000,
    poolSize: 2,
  });
  const app = await createServer({ config: t.config, database, logger: false });
  return {
    client: apiClient({ ...t, app }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
