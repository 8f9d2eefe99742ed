import type { Kysely } from 'kysely';
import {
  modelFromSchema,
  ODataError,
  type ODataModel,
  type ODataParams,
  parseODataQuery,
} from '#platform/core';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import { distinctValues, listRows, type ListOptions, storageModel } from './odata/index';
import { assertMay, type EntityAccess, scopeOf, shaped } from './entity-access';
import type { EngineEntity } from './entity-context';

/** Largest page an `odata/*` list answers; a bigger `$top` is a 400. */
export const maxListTop = 1000;

/** What the entity may be queried by: its schema's fields that have storage. */
export function entityModel(entity: EngineEntity): ODataModel {
  return storageModel(modelFromSchema(entity.schema), entity.storage);
}

/** An ODataError (a query the server refuses) as the 400 the API answers. */
export function asBadRequest(error: unknown): never {
  if (error instanceof ODataError) {
    throw new AppError('BadRequest', error.message, [
      { Field: error.option, Message: error.message },
    ]);
  }
  throw error;
}

export interface ListDefaults {
  orderBy?: { field: string; desc: boolean }[];
  top?: number;
  /** Query parameters that are not OData options but the call accepts (e.g. `language`). */
  allowed?: readonly string[];
}

/**
 * One page of an entity's rows for an `odata/*` list: `$top`, `$skip`, `$orderby`, `$filter`,
 * `$select` and `$count` are checked against the entity's schema and storage before any
 * SQL is built. Answers `{ "@odata.count": n, value: [...] }` (count only when asked).
 */
export async function listEntity<T extends object = Record<string, unknown>>(
  db: Kysely<Database>,
  access: EntityAccess,
  params: ODataParams,
  defaults: ListDefaults = {},
) {
  assertMay(access, 'read');
  const { entity } = access;
  const scope = scopeOf(access);
  const model = entityModel(entity);
  // Only what the schema answers: never a write-only collection (who holds a role).
  const select = [...Object.keys(model.fields), ...Object.keys(model.collections)];
  const options: ListOptions = scope ? { baseWhere: scope, select } : { select };
  try {
    const query = parseODataQuery(
      params,
      model,
      { maxTop: maxListTop },
      { orderBy: defaults.orderBy, top: defaults.top },
      defaults.allowed,
    );
    const { count, rows } = await listRows(db.withoutPlugins(), entity.storage, query, options);
    const value = rows.map((row) => shaped<T>(access, row));
    return { ...(count === null ? {} : { '@odata.count': count }), value };
  } catch (error) {
    return asBadRequest(error);
  }
}

/** Distinct values of one field for a grid's filter list. */
export async function entityValues(
  db: Kysely<Database>,
  access: EntityAccess,
  field: string,
  search: string | null,
  limit: number,
): Promise<unknown[]> {
  assertMay(access, 'read');
  const { entity } = access;
  const scope = scopeOf(access);
  const options: ListOptions = scope ? { baseWhere: scope } : {};
  try {
    if (!entityModel(entity).fields[field]?.filterable) {
      throw new ODataError('field', `'${field.slice(0, 40)}' has no list of values`);
    }
    return await distinctValues(db.withoutPlugins(), entity.storage, field, search, limit, options);
  } catch (error) {
    return asBadRequest(error);
  }
}
