import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type SqlBool,
} from 'kysely';
import type { EntityStorage } from '#metadata';
import type { ODataQuery } from '#platform/core';
import { collectionItems, collectionItemsSql } from './collection-sql';
import { column, fieldSql } from './field-sql';
import { filterSql } from './filter-sql';

// Tables are named by metadata at run time, so no static Database type describes them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BaseWhere = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

export interface ListOptions {
  /** Restricts the rows further, e.g. to the caller's company; sees the table by its name. */
  baseWhere?: BaseWhere;
  /** The fields and collections this caller may see (default all with storage). */
  select?: readonly string[];
  /**
   * Counts at most this many rows (a big list's exact total costs more than its page): a
   * count above it answers the limit, with `countCapped`.
   */
  countLimit?: number;
  /**
   * The count already known (remembered, see count-cache.ts), as `countRows` would answer it:
   * the statement leaves the count out.
   */
  knownCount?: number;
}

export interface ListResult {
  count: number | null;
  /** True when more rows match than `countLimit`, which `count` then is. */
  countCapped?: boolean;
  rows: Record<string, unknown>[];
}

/** The field stored exactly in `column`, e.g. the key's field `Id` for `id`. */
function fieldOfColumn(storage: EntityStorage, name: string): string | undefined {
  return Object.keys(storage.fields).find((field) => storage.fields[field] === name);
}

function isWanted(name: string, query: ODataQuery, options: ListOptions): boolean {
  return (
    (query.select === null || query.select.includes(name)) &&
    (options.select === undefined || options.select.includes(name))
  );
}

function filtered(db: AnyDb, storage: EntityStorage, query: ODataQuery, options: ListOptions) {
  let builder = db.selectFrom(storage.table);
  if (query.filter) builder = builder.where(filterSql(query.filter, storage));
  if (options.baseWhere) builder = builder.where(options.baseWhere);
  return builder;
}

/** The query counting the rows that match (at most `countLimit` + 1 of them), as `n`. */
function countQuery(db: AnyDb, storage: EntityStorage, query: ODataQuery, options: ListOptions) {
  const { countLimit } = options;
  const n = sql<number>`cast(count(*) as integer)`.as('n');
  if (countLimit === undefined) return filtered(db, storage, query, options).select(n);
  const matching = filtered(db, storage, query, options)
    .select(sql`1`.as('one'))
    .limit(countLimit + 1);
  return db.selectFrom(matching.as('m')).select(n);
}

/** How many rows match the query's filter (and the base restriction), up to `countLimit` + 1. */
export async function countRows(
  db: AnyDb,
  storage: EntityStorage,
  query: ODataQuery,
  options: ListOptions,
): Promise<number> {
  return (await countQuery(db, storage, query, options).executeTakeFirstOrThrow()).n;
}

/** The statement `countRows` sends: what identifies a count (see count-cache.ts). */
export function countStatement(
  db: AnyDb,
  storage: EntityStorage,
  query: ODataQuery,
  options: ListOptions,
): CompiledQuery {
  return countQuery(db, storage, query, options).compile();
}

/**
 * A query of the rows in the page's order: OData's keys, then the key so pages are stable;
 * null before any value ascending, after any value descending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function inPageOrder<Query extends SelectQueryBuilder<any, any, any>>(
  builder: Query,
  storage: EntityStorage,
  query: ODataQuery,
): Query {
  let ordered = builder;
  for (const key of query.orderBy) {
    ordered = ordered.orderBy(fieldSql(storage, key.field), (order) => {
      if (key.nullable === false) return key.desc ? order.desc() : order.asc();
      return key.desc ? order.desc().nullsLast() : order.asc().nullsFirst();
    }) as Query;
  }
  return ordered
    .orderBy(column(storage.table, storage.key))
    .limit(query.top)
    .offset(query.skip) as Query;
}

/** The count as answered: the limit, said so, when more rows match. */
function answered(
  counted: number | null,
  countLimit: number | undefined,
  rows: ListResult['rows'],
) {
  if (counted !== null && countLimit !== undefined && counted > countLimit) {
    return { count: countLimit, countCapped: true, rows };
  }
  return { count: counted, rows };
}

/**
 * One page of an entity's rows for an `odata/*` list, in one statement: filtered, sorted (the
 * key last, so pages are stable), keyed by field names, with the key and version fields always
 * present, each requested collection as an array of item objects (aggregated in the row
 * query, see collectionItemsSql) and, when asked, the count (an uncorrelated subquery the
 * database runs once; a count alone when the page is empty past its first row).
 *
 * @example
 * const { count, rows } = await listRows(db, unitEntity.storage, parseODataQuery(params, model));
 */
export async function listRows(
  db: AnyDb,
  storage: EntityStorage,
  query: ODataQuery,
  options: ListOptions = {},
): Promise<ListResult> {
  const { countLimit, knownCount } = options;
  const counting = query.count && knownCount === undefined;
  if (query.top === 0) {
    const counted = counting ? await countRows(db, storage, query, options) : null;
    return answered(query.count ? (knownCount ?? counted) : null, countLimit, []);
  }

  const keyField = fieldOfColumn(storage, storage.key);
  const versionField = fieldOfColumn(storage, storage.versionColumn);
  const always = [keyField, versionField].filter((field) => field !== undefined);
  const fields = Object.keys(storage.fields).filter(
    (field) => always.includes(field) || isWanted(field, query, options),
  );
  const collections = Object.entries(storage.collections ?? {}).filter(([name]) =>
    isWanted(name, query, options),
  );
  const builder = filtered(db, storage, query, options).select([
    ...fields.map((field, index) => fieldSql(storage, field).as(`c${index}`)),
    ...collections.map(([, collection], index) =>
      collectionItemsSql(storage, collection).as(`j${index}`),
    ),
    ...(counting ? [countQuery(db, storage, query, options).as('n')] : []),
  ]);
  const found = await inPageOrder(builder, storage, query).execute();

  // A loop, not Object.fromEntries: this runs for every field of every row of every page.
  const aliases = fields.map((_, index) => `c${index}` as const);
  const rows = found.map((row) => {
    const named: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index++)
      named[fields[index]!] = row[aliases[index]!];
    collections.forEach(([name, collection], index) => {
      named[name] = collectionItems(collection, row[`j${index}`]);
    });
    return named;
  });
  if (!query.count) return { count: null, rows };
  const recount = () => countRows(db, storage, query, options);
  if (!counting) {
    return answered(
      await checkedCount(knownCount!, found.length, query, options, recount),
      countLimit,
      rows,
    );
  }
  // No row to carry the count: none match, or the page lies past the last one.
  const counted = found.length > 0 ? Number(found[0]!.n) : query.skip === 0 ? 0 : await recount();
  return answered(counted, countLimit, rows);
}

/**
 * A known count as the page found it: exact when the page ends the list, itself when the page
 * agrees with it, else counted again (rows were written where the cache did not hear of it).
 */
async function checkedCount(
  known: number,
  found: number,
  query: ODataQuery,
  { countLimit }: ListOptions,
  recount: () => Promise<number>,
): Promise<number> {
  const { skip, top } = query;
  if ((found > 0 && found < top) || (found === 0 && skip === 0)) return skip + found;
  const agrees =
    found === top
      ? known >= skip + top || (countLimit !== undefined && known > countLimit)
      : known <= skip;
  return agrees ? known : recount();
}
