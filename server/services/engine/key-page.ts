import type { Kysely } from 'kysely';
import { type ODataParams, type ODataQuery, parseODataQuery } from '#platform/core';
import type { Database } from '../../db/schema';
import { countRows, type ListOptions, pageKeys, type PageKeys } from '../../odata/index';
import { assertMay, type EntityAccess, scopeOf } from './entity-access';
import { asBadRequest, entityModel, maxListTop } from './entity-list';

export interface KeyPage {
  /** How many rows match, counting while the page's rows are read. */
  count: Promise<number>;
  /** The page's keys in order, a derived table `(k, n)` to join the rows to (see pageKeys). */
  keys: PageKeys;
  /** The fields `$select` asked for; null for all. */
  select: string[] | null;
}

/**
 * One page of an entity's rows, for lists whose rows are built by their own views (users,
 * roles, ...): the OData options are checked and applied by the engine, the caller joins its
 * rows to the page's keys and reads them with the count, side by side.
 *
 * @example
 * const page = await keyPage(db, access, params, byName);
 * const [count, roles] = await Promise.all([page.count, listRoles(db, page.keys)]);
 */
export async function keyPage(
  db: Kysely<Database>,
  access: EntityAccess,
  params: ODataParams,
  defaultOrder: { field: string; desc: boolean }[],
): Promise<KeyPage> {
  assertMay(access, 'read');
  const { entity } = access;
  const scope = scopeOf(access);
  const options: ListOptions = scope ? { baseWhere: scope } : {};
  let query: ODataQuery;
  try {
    query = parseODataQuery(
      params,
      entityModel(entity),
      { maxTop: maxListTop },
      {
        orderBy: defaultOrder,
      },
    );
  } catch (error) {
    return asBadRequest(error);
  }
  const raw = db.withoutPlugins();
  const counting = countRows(raw, entity.storage, query, options);
  // Waited for with the rows; until then a failure must not go unhandled.
  counting.catch(() => undefined);
  return {
    count: counting,
    keys: pageKeys(raw, entity.storage, query, options),
    select: query.select,
  };
}

/** Keeps only `$select`'s fields (and the key) of each view when given. */
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
