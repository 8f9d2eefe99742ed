import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  sql,
  type SqlBool,
} from 'kysely';
import type { CollectionStorage, EntityStorage } from '#metadata';
import type { ODataQuery } from '#platform/core';
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

/** How many rows match the query's filter (and the base restriction). */
export async function countRows(
  db: AnyDb,
  storage: EntityStorage,
  query: ODataQuery,
  options: ListOptions,
) {
  const { countLimit } = options;
  if (countLimit === undefined) {
    const row = await filtered(db, storage, query, options)
      .select(sql<number>`cast(count(*) as integer)`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }
  const matching = filtered(db, storage, query, options)
    .select(sql`1`.as('one'))
    .limit(countLimit + 1);
  const row = await db
    .selectFrom(matching.as('m'))
    .select(sql<number>`cast(count(*) as integer)`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Each owner's items, as objects of the collection's fields, ordered by the first one. */
async function loadItems(db: AnyDb, collection: CollectionStorage, keys: unknown[]) {
  const { through, itemTable, itemKey } = collection;
  const fields = Object.keys(collection.columns);
  const selected = fields.map((field, index) => {
    return sql`${column('i', collection.columns[field]!)} as ${sql.id(`c${index}`)}`;
  });
  const first = column('i', collection.columns[fields[0]!] ?? itemKey);
  const { rows } = await sql<Record<string, unknown>>`
    select ${column('l', through.ownerColumn)} as o, ${sql.join(selected)}
    from ${sql.table(through.table)} as l
    join ${sql.table(itemTable)} as i on ${column('i', itemKey)} = ${column('l', through.itemColumn)}
    where ${column('l', through.ownerColumn)} in (${sql.join(keys)})
    order by o, ${first}, ${column('i', itemKey)}`.execute(db);
  const byOwner = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const item = Object.fromEntries(fields.map((field, index) => [field, row[`c${index}`]]));
    const owner = String(row.o);
    const items = byOwner.get(owner);
    if (items) items.push(item);
    else byOwner.set(owner, [item]);
  }
  return byOwner;
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

/**
 * One page of an entity's rows for an `odata/*` list: filtered, sorted (the key last, so
 * pages are stable), keyed by field names, with the key and version fields always present
 * and each requested collection as an array of item objects.
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
  const keyField = fieldOfColumn(storage, storage.key);
  const versionField = fieldOfColumn(storage, storage.versionColumn);
  const always = [keyField, versionField].filter((field) => field !== undefined);
  const fields = Object.keys(storage.fields).filter(
    (field) => always.includes(field) || isWanted(field, query, options),
  );
  // The count and the page are independent: on a pool they run side by side.
  const counting = query.count ? countRows(db, storage, query, options) : Promise.resolve(null);
  if (query.top === 0) {
    const counted = await counting;
    const capped =
      counted !== null && options.countLimit !== undefined && counted > options.countLimit;
    return capped
      ? { count: options.countLimit!, countCapped: true, rows: [] }
      : { count: counted, rows: [] };
  }

  const builder = filtered(db, storage, query, options).select([
    ...fields.map((field, index) => fieldSql(storage, field).as(`c${index}`)),
    column(storage.table, storage.key).as('k'),
  ]);
  const [counted, found] = await Promise.all([
    counting,
    inPageOrder(builder, storage, query).execute(),
  ]);
  const countCapped =
    counted !== null && options.countLimit !== undefined && counted > options.countLimit;
  const count = countCapped ? options.countLimit! : counted;

  // A loop, not Object.fromEntries: this runs for every field of every row of every page.
  const aliases = fields.map((_, index) => `c${index}` as const);
  const rows = found.map((row) => {
    const named: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index++)
      named[fields[index]!] = row[aliases[index]!];
    return named;
  });
  const keys = found.map((row) => row.k);
  for (const [name, collection] of Object.entries(storage.collections ?? {})) {
    if (!isWanted(name, query, options)) continue;
    const items = keys.length > 0 ? await loadItems(db, collection, keys) : null;
    rows.forEach((row, index) => {
      row[name] = items?.get(String(keys[index])) ?? [];
    });
  }
  return countCapped ? { count, countCapped, rows } : { count, rows };
}
