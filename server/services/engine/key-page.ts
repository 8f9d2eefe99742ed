import type { Kysely } from 'kysely';
import { type ODataParams, parseODataQuery } from '#platform/core';
import type { Database } from '../../db/schema';
import { listRows, type ListOptions } from '../../odata/index';
import { entityById } from './entity-context';
import { asBadRequest, entityModel, maxListTop } from './entity-list';

export interface KeyPage {
  count: number;
  keys: number[];
  /** The fields `$select` asked for; null for all. */
  select: string[] | null;
}

/**
 * The keys of one page of an entity's rows, for lists whose rows are built by their own
 * views (users, roles, ...): the OData options are checked and applied by the engine, the
 * caller loads the rows of these keys and answers them in this order.
 */
export async function keyPage(
  db: Kysely<Database>,
  entityId: number,
  params: ODataParams,
  defaultOrder: { field: string; desc: boolean }[],
  options: ListOptions = {},
): Promise<KeyPage> {
  const entity = await entityById(db, entityId);
  try {
    const query = parseODataQuery(
      params,
      entityModel(entity),
      { maxTop: maxListTop },
      {
        orderBy: defaultOrder,
      },
    );
    const page = await listRows(
      db.withoutPlugins(),
      entity.storage,
      { ...query, count: true },
      {
        ...options,
        select: [entity.primaryKeyField],
      },
    );
    return {
      count: page.count ?? 0,
      keys: page.rows.map((row) => Number(row[entity.primaryKeyField])),
      select: query.select,
    };
  } catch (error) {
    return asBadRequest(error);
  }
}

/** Rows in the order of `keys`, keeping only `$select`'s fields (and the key) when given. */
export function inKeyOrder<Row extends object>(
  rows: readonly Row[],
  keys: readonly number[],
  keyOf: (row: Row) => number,
): Row[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

export function selectFields<View extends Record<string, unknown>>(
  views: View[],
  select: string[] | null,
  key = 'Id',
): Partial<View>[] {
  if (!select) return views;
  const keep = new Set([key, ...select]);
  return views.map(
    (view) =>
      Object.fromEntries(
        Object.entries(view).filter(([field]) => keep.has(field)),
      ) as Partial<View>,
  );
}
