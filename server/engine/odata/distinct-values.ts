import { type RawBuilder, sql } from 'kysely';
import type { EntityStorage, LookupStorage } from '#metadata';
import { ODataError } from '#platform/core';
import { column, escapeLike, fieldSql, lookedUpSql } from './field-sql';
import type { AnyDb, BaseWhere } from './list-rows';

export const maxDistinctValues = 200;

export interface DistinctValuesOptions {
  /** Restricts the rows whose values are listed (the caller's scope, the grid's other filters). */
  baseWhere?: BaseWhere;
  /** Z-A rather than A-Z. */
  desc?: boolean;
}

/** The value's text contains `search`, ignoring case. */
const containing = (value: RawBuilder<unknown>, search: string) =>
  sql<boolean>`lower(cast(${value} as text)) like lower(${`%${escapeLike(search)}%`}) escape '\\'`;

interface ValuesQuery {
  db: AnyDb;
  storage: EntityStorage;
  field: string;
  search: string | null;
  count: number;
  desc: boolean;
  baseWhere: BaseWhere | undefined;
}

/** Every matching row read, then made distinct and sorted: for small tables and no index. */
async function scannedValues(query: ValuesQuery): Promise<unknown[]> {
  const { db, storage, field, search, baseWhere } = query;
  const value = fieldSql(storage, field);
  let builder = db
    .selectFrom(storage.table)
    .select(value.as('v'))
    .where(sql<boolean>`${value} is not null`);
  if (search) builder = builder.where(containing(value, search));
  if (baseWhere) builder = builder.where(baseWhere);
  const rows = await builder
    .distinct()
    .orderBy(sql.ref('v'), (order) => (query.desc ? order.desc() : order.asc()))
    .limit(query.count)
    .execute();
  return rows.map((row) => row.v);
}

/**
 * A skip scan over the field's index (see `EntityStorage.indexedFields`): the walk steps from
 * one distinct value to the next (one index probe each, in the index's order, nulls first), and
 * a value is listed when it matches the search and some row the caller may list holds it. The
 * walk stops once `count` values are found, so a page of values costs a few probes per
 * distinct value passed, never a read of every matching row.
 */
async function walkedValues(query: ValuesQuery): Promise<unknown[]> {
  const { db, storage, field, search, desc, baseWhere } = query;
  const value = fieldSql(storage, field);
  const next = (after: RawBuilder<unknown> | null) => {
    let builder = db
      .selectFrom(storage.table)
      .select(value.as('v'))
      .where(sql<boolean>`${value} is not null`);
    if (after)
      builder = builder.where(sql<boolean>`${value} ${sql.raw(desc ? '<' : '>')} ${after}`);
    return builder
      .orderBy(value, (order) => (desc ? order.desc().nullsLast() : order.asc().nullsFirst()))
      .limit(1);
  };
  // A scalar subquery, not `exists`: PostgreSQL would turn `exists` into a join over every
  // listed row, where this stays one probe per value walked past.
  let held = db
    .selectFrom(storage.table)
    .select(sql.lit(true).as('held'))
    .where(sql<boolean>`${value} = walk.v`);
  if (baseWhere) held = held.where(baseWhere);
  const { rows } = await sql<{ v: unknown }>`
    with recursive walk(v) as (
      (${next(null)})
      union all
      select (${next(sql`walk.v`)}) from walk where walk.v is not null)
    select v from walk
    where v is not null ${search ? sql`and ${containing(sql`walk.v`, search)}` : sql``}
      and coalesce((${held.limit(1)}), false)
    limit ${query.count}`.execute(db);
  return rows.map((row) => row.v);
}

/**
 * A looked-up field's values are the looked-up rows some listed row points at: a semi-join
 * from the looked-up table (a few plants or mixes), not a subquery per listed row.
 */
async function lookedUpValues(query: ValuesQuery, lookup: LookupStorage): Promise<unknown[]> {
  const { db, storage, search, baseWhere } = query;
  const { table, key, column: looked, foreignKey } = lookup;
  let listed = db
    .selectFrom(storage.table)
    .select(sql.lit(1).as('one'))
    .where(sql<boolean>`${column(storage.table, foreignKey)} = ${column('lv', key)}`);
  if (baseWhere) listed = listed.where(baseWhere);
  const value = lookedUpSql('lv', looked);
  let builder = db
    .selectFrom(sql.table(table).as('lv'))
    .select(value.as('v'))
    .distinct()
    .where(sql<boolean>`${value} is not null`)
    .where(sql<boolean>`exists (${listed})`);
  if (search) builder = builder.where(containing(value, search));
  const rows = await builder
    .orderBy(sql.ref('v'), (order) => (query.desc ? order.desc() : order.asc()))
    .limit(query.count)
    .execute();
  return rows.map((row) => row.v);
}

/**
 * The distinct non-null values of a field, sorted (A-Z, or Z-A with `desc`), for a grid's
 * filter list: those whose text contains `search` (ignoring case) when it is given; at most
 * `limit` (1 to 200).
 *
 * @example await distinctValues(db, unitEntity.storage, 'Name', 'plant', 50) // ['North plant', ...]
 */
export async function distinctValues(
  db: AnyDb,
  storage: EntityStorage,
  field: string,
  search: string | null,
  limit: number,
  options: DistinctValuesOptions = {},
): Promise<unknown[]> {
  if (!Object.hasOwn(storage.fields, field)) {
    throw new ODataError('field', `cannot list the values of '${field.slice(0, 40)}'`);
  }
  const query: ValuesQuery = {
    db,
    storage,
    field,
    search,
    count: Math.min(Math.max(Math.trunc(limit) || 1, 1), maxDistinctValues),
    desc: options.desc === true,
    baseWhere: options.baseWhere,
  };
  const stored = storage.fields[field];
  if (typeof stored === 'object' && 'lookup' in stored) return lookedUpValues(query, stored.lookup);
  if (storage.indexedFields?.includes(field)) return walkedValues(query);
  return scannedValues(query);
}
