import { sql, type RawBuilder } from 'kysely';
import type { CollectionStorage, EntityStorage } from '#metadata';

/** `table.column` as quoted identifiers; names come from the storage mapping only. */
export function column(table: string, name: string): RawBuilder<unknown> {
  return sql.ref(`${table}.${name}`);
}

/**
 * The SQL of a field of the listed entity: its column, its columns joined by the separator
 * (nulls skipped), or the looked-up column of the row its foreign key points to.
 */
export function fieldSql(storage: EntityStorage, field: string): RawBuilder<unknown> {
  if (!Object.hasOwn(storage.fields, field)) {
    throw new Error(`${storage.table} has no storage for the field ${field}`);
  }
  const stored = storage.fields[field]!;
  if (typeof stored === 'string') return column(storage.table, stored);
  if ('concat' in stored) {
    const parts = stored.concat.map((name) => column(storage.table, name));
    return sql`concat_ws(cast(${stored.separator} as text), ${sql.join(parts)})`;
  }
  const { table, key, column: looked, foreignKey } = stored.lookup;
  return sql`(select ${column('lk', looked)} from ${sql.table(table)} as lk where ${column('lk', key)} = ${column(storage.table, foreignKey)})`;
}

/** The SQL of a field of a collection's item, in the item table under `alias`. */
export function itemFieldSql(collection: CollectionStorage, alias: string, field: string) {
  if (!Object.hasOwn(collection.columns, field)) {
    throw new Error(`${collection.itemTable} has no storage for the field ${field}`);
  }
  return column(alias, collection.columns[field]!);
}

/** The text with LIKE's wildcards and escape character escaped by `\`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The same escaping done by the database, for a pattern that is not a literal. */
export function escapeLikeSql(value: RawBuilder<unknown>): RawBuilder<unknown> {
  const escaped = sql`replace(${value}, ${'\\'}, ${'\\\\'})`;
  return sql`replace(replace(${escaped}, ${'%'}, ${'\\%'}), ${'_'}, ${'\\_'})`;
}
