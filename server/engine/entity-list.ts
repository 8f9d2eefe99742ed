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
import {
  type BaseWhere,
  distinctValues,
  filterSql,
  type ListOptions,
  storageModel,
} from './odata/index';
import { listRowsCountRemembered } from './count-cache';
import { assertMay, type EntityAccess, scopeOf, shaped } from './entity-access';
import type { EngineEntity } from './entity-context';

/** Largest page an `odata/*` list answers; a bigger `$top` is a 400. */
export const maxListTop = 1000;

/**
 * Models made, by schema object and then by the stored fields' names: a caller's view of an
 * entity (its `Mine` bound to them) is a new object with the same schema and field names.
 */
const models = new WeakMap<object, Map<string, ODataModel>>();

/** What the entity may be queried by: its schema's fields that have storage. */
export function entityModel(entity: EngineEntity): ODataModel {
  let bySchema = models.get(entity.schema);
  if (!bySchema) models.set(entity.schema, (bySchema = new Map()));
  const { fields, collections } = entity.storage;
  const key = `${Object.keys(fields).join()};${Object.keys(collections ?? {}).join()}`;
  let model = bySchema.get(key);
  if (!model) {
    bySchema.set(key, (model = storageModel(modelFromSchema(entity.schema), entity.storage)));
  }
  return model;
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
  /**
   * Restricts the rows further, beside the caller's row scope: what the call's own parameters
   * ask (the home grid's past deliveries left out). Build it from `fieldSql` of the entity's
   * storage, never from names a client sent.
   */
  where?: BaseWhere;
  /**
   * Counts at most this many rows: above it `@odata.count` is the limit and `CountCapped` is
   * true (a grid shows "10,000+"), so a million-row list's count stays as cheap as its page.
   * Such a count is remembered for a few seconds, until the next write through the engine
   * (see count-cache.ts): the next pages and refreshes of the grid do not count again.
   */
  countLimit?: number;
}

/** Rows that meet both restrictions (either may be absent). */
function both(first: BaseWhere | null | undefined, second: BaseWhere | null | undefined) {
  if (!first || !second) return first ?? second ?? null;
  const joined: BaseWhere = (eb) => eb.and([first(eb), second(eb)]);
  return joined;
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
  const restriction = both(scopeOf(access), defaults.where);
  const model = entityModel(entity);
  // Only what the schema answers: never a write-only collection (who holds a role).
  const select = [...Object.keys(model.fields), ...Object.keys(model.collections)];
  const options: ListOptions = {
    select,
    ...(restriction ? { baseWhere: restriction } : {}),
    ...(defaults.countLimit === undefined ? {} : { countLimit: defaults.countLimit }),
  };
  try {
    const query = parseODataQuery(
      params,
      model,
      { maxTop: maxListTop },
      { orderBy: defaults.orderBy, top: defaults.top },
      defaults.allowed,
    );
    const { count, countCapped, rows } = await listRowsCountRemembered(
      db,
      entity.storage,
      query,
      options,
    );
    const value = rows.map((row) => shaped<T>(access, row));
    return {
      ...(count === null ? {} : { '@odata.count': count }),
      ...(countCapped ? { CountCapped: true } : {}),
      value,
    };
  } catch (error) {
    return asBadRequest(error);
  }
}

export interface ValueListOptions {
  /** Restricts the rows whose values are listed, beside the caller's scope (see ListDefaults). */
  where?: BaseWhere;
  /** The grid's other filters, as an OData `$filter` checked against the entity's model. */
  filter?: string | null;
  /** Z-A rather than A-Z. */
  desc?: boolean;
}

/**
 * Distinct values of one field for a grid's filter list, among the rows the caller reaches
 * that meet `options` (the grid's other filters, the call's own restriction).
 *
 * @example await entityValues(db, access, 'State', null, 50, { filter: "Mine eq 1", desc: true })
 */
export async function entityValues(
  db: Kysely<Database>,
  access: EntityAccess,
  field: string,
  search: string | null,
  limit: number,
  options: ValueListOptions = {},
): Promise<unknown[]> {
  assertMay(access, 'read');
  const { entity } = access;
  try {
    const model = entityModel(entity);
    if (!model.fields[field]?.filterable) {
      throw new ODataError('field', `'${field.slice(0, 40)}' has no list of values`);
    }
    const { filter } = parseODataQuery({ $filter: options.filter ?? undefined }, model);
    const filtered: BaseWhere | null = filter && (() => filterSql(filter, entity.storage));
    const baseWhere = both(both(scopeOf(access), options.where), filtered);
    return await distinctValues(db.withoutPlugins(), entity.storage, field, search, limit, {
      ...(baseWhere ? { baseWhere } : {}),
      desc: options.desc === true,
    });
  } catch (error) {
    return asBadRequest(error);
  }
}
