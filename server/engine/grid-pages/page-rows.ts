import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EntityAccess } from '../entity-access';
import { listEntity, maxListTop } from '../entity-list';

type Row = Record<string, unknown>;

export interface PageRowsOptions {
  $filter?: string;
  $orderby?: string;
  $select: string;
}

/**
 * Every row of a page's list that the caller reaches, in the grid's order (`$orderby`, then
 * the key), read a page at a time through `listEntity` so permissions, row scope, field rules
 * and the OData checks apply as to the grid itself. Offset pages: any order the grid sorts by
 * can be exported, at a cost that grows with the depth of the page.
 *
 * Throws the list's own errors (a 403, a 400 for a bad filter) from the first page, before
 * anything has been yielded.
 */
export async function* pageRows(
  db: Kysely<Database>,
  access: EntityAccess,
  options: PageRowsOptions,
): AsyncGenerator<Row, void, undefined> {
  for (let skip = 0; ; skip += maxListTop) {
    const page = await listEntity(db, access, {
      ...options,
      $top: String(maxListTop),
      $skip: String(skip),
    });
    yield* page.value;
    if (page.value.length < maxListTop) return;
  }
}
