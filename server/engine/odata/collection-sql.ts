import { sql, type RawBuilder } from 'kysely';
import type { CollectionStorage, EntityStorage } from '#metadata';
import { column } from './field-sql';

type Item = Record<string, unknown>;

/**
 * A collection's items of each listed row, aggregated in the row's own statement (a correlated
 * subquery the planner runs only for the rows of the page): a JSON array of one array per item,
 * its columns in the order of `collection.columns`, ordered by the first of them and then the
 * item's key. Read it with `collectionItems`.
 *
 * The items travel as JSON: numbers, text and booleans arrive as they would in their own
 * statement (bigint and numeric as numbers, as the pool reads them), a moment as ISO text.
 *
 * @example db.selectFrom('users').select(collectionItemsSql(users.storage, roles).as('j0'))
 */
export function collectionItemsSql(
  storage: EntityStorage,
  collection: CollectionStorage,
): RawBuilder<unknown> {
  const { through, itemTable, itemKey } = collection;
  const fields = Object.keys(collection.columns);
  const values = fields.map((field) => column('i', collection.columns[field]!));
  const first = column('i', collection.columns[fields[0]!] ?? itemKey);
  return sql`(select coalesce(json_agg(json_build_array(${sql.join(values)})
      order by ${first}, ${column('i', itemKey)}), cast('[]' as json))
    from ${sql.table(through.table)} as l
    join ${sql.table(itemTable)} as i on ${column('i', itemKey)} = ${column('l', through.itemColumn)}
    where ${column('l', through.ownerColumn)} = ${column(storage.table, storage.key)})`;
}

/** The items of one row as `collectionItemsSql` aggregated them, as objects of their fields. */
export function collectionItems(collection: CollectionStorage, aggregated: unknown): Item[] {
  const tuples: unknown = typeof aggregated === 'string' ? JSON.parse(aggregated) : aggregated;
  if (!Array.isArray(tuples)) return [];
  const fields = Object.keys(collection.columns);
  return tuples.map((tuple: unknown[]) => {
    const item: Item = {};
    for (let index = 0; index < fields.length; index++) item[fields[index]!] = tuple[index];
    return item;
  });
}
