import type { Kysely } from 'kysely';
import type { ODataField } from '#platform/core';
import type { Database } from '../db/schema';
import type { EntityAccess } from './entity-access';
import { entityModel, listEntity, maxListTop } from './entity-list';
import type { BaseWhere } from './odata/index';

type Row = Record<string, unknown>;

export interface EntityStreamOptions {
  /** An OData `$filter` the rows must match (checked like any list's). */
  filter?: string;
  /** A restriction built from the entity's storage, as a list's own parameters give one. */
  where?: BaseWhere;
  /** The fields to answer (the sort field is always answered); all when absent. */
  select?: readonly string[];
  /** The field rows come in the order of, ascending: sortable and never null. */
  orderBy: string;
  /** Rows read per query (default and at most the list's largest page). */
  pageSize?: number;
}

/** A value of the sort field as an OData literal, at the precision the rows answer it. */
function literalOf(field: ODataField, value: unknown): string {
  switch (field.type) {
    case 'datetime':
      return new Date(value as string | Date).toISOString();
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    case 'string':
      return `'${String(value).replaceAll("'", "''")}'`;
    default:
      return String(value);
  }
}

function sortField(access: EntityAccess, name: string): ODataField {
  const field = entityModel(access.entity).fields[name];
  if (!field?.sortable || field.nullable || field.type === 'boolean') {
    throw new Error(`${access.entity.name} cannot be streamed in the order of ${name}`);
  }
  return field;
}

/**
 * Every row of an entity the caller reaches and `filter` matches, in the order of one field,
 * read a page at a time through `listEntity` (so permissions, row scope, hooks and the OData
 * checks apply as to any list), for exports that must not hold a whole table in memory.
 *
 * Pages are keyset, not offset: each page seeks to the last sort value sent (`ge`) and skips
 * only the rows of that value already sent, so a page costs the same at row 100,000 as at
 * row 0. Seeking on the value as the rows answer it stays exact when the database keeps more
 * precision than the answer (a timestamp's microseconds are truncated to milliseconds: the
 * rows at that millisecond come first and the ones sent are skipped).
 *
 * Throws the list's own errors (a 403, a 400 for a bad filter) from the first page, before
 * anything has been yielded.
 *
 * @example
 * const rows = streamEntity(db, access, { filter: 'Mine eq 1', orderBy: 'StartTime0' });
 * for await (const row of rows) write(row);
 */
export async function* streamEntity<T extends object = Row>(
  db: Kysely<Database>,
  access: EntityAccess,
  options: EntityStreamOptions,
): AsyncGenerator<T, void, undefined> {
  const { orderBy, filter, where } = options;
  const field = sortField(access, orderBy);
  const pageSize = Math.min(options.pageSize ?? maxListTop, maxListTop);
  const select = options.select && [...new Set([...options.select, orderBy])].join(',');
  let seek: string | null = null;
  let sent = 0;
  for (;;) {
    const $filter = [filter && `(${filter})`, seek !== null && `${orderBy} ge ${seek}`]
      .filter(Boolean)
      .join(' and ');
    const page = await listEntity<T>(
      db,
      access,
      {
        $top: String(pageSize),
        $skip: String(sent),
        ...($filter ? { $filter } : {}),
        ...(select ? { $select: select } : {}),
      },
      { orderBy: [{ field: orderBy, desc: false }], ...(where ? { where } : {}) },
    );
    for (const row of page.value) {
      const value = literalOf(field, (row as Row)[orderBy]);
      if (value === seek) sent++;
      else [seek, sent] = [value, 1];
      yield row;
    }
    if (page.value.length < pageSize) return;
  }
}
