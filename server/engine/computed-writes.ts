import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { column, fieldSql } from './odata/field-sql';
import type { AnyDb } from './odata/index';
import { entityRowsWritten } from './count-cache';
import { columnFields, computedFields, type EngineEntity } from './entity-context';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/** Engine SQL names columns exactly; the camel-case plugin must not rename them. */
const dynamic = (db: Db): AnyDb => db.withoutPlugins();

/** Which stored rows a system task reads, by field name; names are checked against storage. */
export interface StoredRowsQuery {
  /** Rows whose field holds this value. */
  equal?: Readonly<Record<string, unknown>>;
  /** Rows whose field lies within the bounds (inclusive); an absent bound is open. */
  within?: Readonly<Record<string, { from?: unknown; to?: unknown }>>;
  /** Only rows with these keys. */
  keys?: readonly number[];
  /** Rows after this key: the query pages by key, in key order. */
  afterKey?: number | null;
  limit: number;
}

/**
 * One page of an entity's stored rows for system work (recomputing after a forecast change),
 * in key order: every field stored in a column, by field name; no caller, no row scope, no
 * computed lookups. Callers page on with `afterKey` set to the last key.
 *
 * @example
 * const rows = await readStoredRows(db, entity, {
 *   equal: { WeatherSiteId: 7 }, within: { StartTime0: { from, to } }, limit: 500,
 * });
 */
export async function readStoredRows(
  db: Db,
  entity: EngineEntity,
  query: StoredRowsQuery,
): Promise<Row[]> {
  const { storage } = entity;
  const fields = columnFields(entity).map(([field]) => field);
  const key = column(storage.table, storage.key);
  let select = dynamic(db)
    .selectFrom(storage.table)
    .select(fields.map((field) => fieldSql(storage, field).as(field)));
  for (const [field, value] of Object.entries(query.equal ?? {})) {
    select = select.where(fieldSql(storage, field), '=', value);
  }
  for (const [field, { from, to }] of Object.entries(query.within ?? {})) {
    if (from !== undefined && from !== null)
      select = select.where(fieldSql(storage, field), '>=', from);
    if (to !== undefined && to !== null) select = select.where(fieldSql(storage, field), '<=', to);
  }
  if (query.keys) {
    if (query.keys.length === 0) return [];
    select = select.where(key, 'in', [...query.keys]);
  }
  if (query.afterKey !== undefined && query.afterKey !== null) {
    select = select.where(key, '>', query.afterKey);
  }
  return (await select.orderBy(key).limit(query.limit).execute()) as Row[];
}

/** One row's computed values; `version`, when given, must still be the stored one. */
export interface ComputedRow {
  key: number;
  version?: number;
  values: Row;
}

/**
 * Writes computed (read-only, stored) fields of many rows in one statement, for system work
 * such as recomputing delivery states after a forecast change; answers the keys written.
 *
 * - Only fields `computedFields` names are written, and the plain-column fields `derived` names
 *   (a payload field the task derives when the payload left it empty: a delivery's coordinates
 *   found from its grid reference); any other payload field never is.
 * - The version is not bumped: nobody's input changed, so a person holding the row can still
 *   save it (and their save recomputes the same fields). A row whose version moved since it
 *   was read (`version` given) is skipped: its save computed its own fields from newer values.
 * - No change-log entry per row: the log records what people did; a recompute would bury it
 *   under thousands of machine entries each hour, and the row itself keeps why (inputs, model
 *   version, when and from which forecast fetch).
 *
 * The batch travels as one jsonb parameter read back as the table's own row type
 * (`jsonb_populate_recordset`), so each value takes its column's type, as `update ... from
 * (values ...)` with a cast per column would.
 */
export async function writeComputedFields(
  db: Db,
  entity: EngineEntity,
  rows: readonly ComputedRow[],
  derived: readonly string[] = [],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const { storage } = entity;
  const present = new Set(rows.flatMap((row) => Object.keys(row.values)));
  const derivedColumns = columnFields(entity).filter(([field]) => derived.includes(field));
  const columns = [...computedFields(entity), ...derivedColumns].filter(([field]) =>
    present.has(field),
  );
  if (columns.length === 0) return [];
  const versioned = rows.some((row) => row.version !== undefined);
  const records = rows.map((row) => {
    const record: Row = { [storage.key]: row.key };
    if (versioned) record[storage.versionColumn] = row.version ?? null;
    for (const [field, name] of columns) record[name] = row.values[field] ?? null;
    return record;
  });
  const table = sql.table(storage.table);
  const assignments = columns.map(([, name]) => sql`${sql.ref(name)} = ${sql.ref(`v.${name}`)}`);
  const stillAt = versioned
    ? sql`and (${sql.ref(`v.${storage.versionColumn}`)} is null
        or ${sql.ref(`t.${storage.versionColumn}`)} = ${sql.ref(`v.${storage.versionColumn}`)})`
    : sql``;
  const result = await sql<{ k: number }>`update ${table} as t set ${sql.join(assignments)}
    from jsonb_populate_recordset(cast(null as ${table}), cast(${JSON.stringify(records)} as jsonb)) as v
    where ${sql.ref(`t.${storage.key}`)} = ${sql.ref(`v.${storage.key}`)} ${stillAt}
    returning ${sql.ref(`t.${storage.key}`)} as k`.execute(dynamic(db));
  entityRowsWritten();
  return result.rows.map((row) => row.k);
}
