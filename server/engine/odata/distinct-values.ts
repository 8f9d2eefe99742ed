import { sql } from 'kysely';
import type { EntityStorage } from '#metadata';
import { ODataError } from '#platform/core';
import { escapeLike, fieldSql } from './field-sql';
import type { AnyDb, BaseWhere } from './list-rows';

export const maxDistinctValues = 200;

export interface DistinctValuesOptions {
  /** Restricts the rows whose values are listed (the caller's scope, the grid's other filters). */
  baseWhere?: BaseWhere;
  /** Z-A rather than A-Z. */
  desc?: boolean;
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
  const value = fieldSql(storage, field);
  let builder = db
    .selectFrom(storage.table)
    .select(value.as('v'))
    .distinct()
    .where(sql<boolean>`${value} is not null`);
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    builder = builder.where(
      sql<boolean>`lower(cast(${value} as text)) like lower(${pattern}) escape '\\'`,
    );
  }
  if (options.baseWhere) builder = builder.where(options.baseWhere);
  const count = Math.min(Math.max(Math.trunc(limit) || 1, 1), maxDistinctValues);
  const rows = await builder
    .orderBy(sql.ref('v'), (order) => (options.desc ? order.desc() : order.asc()))
    .limit(count)
    .execute();
  return rows.map((row) => row.v);
}
