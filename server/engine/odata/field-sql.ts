import { type Expression, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CallerLink, CollectionStorage, ConcatStorage, EntityStorage } from '#metadata';

/** `table.column` as quoted identifiers; names come from the storage mapping only. */
export function column(table: string, name: string): RawBuilder<unknown> {
  return sql.ref(`${table}.${name}`);
}

/**
 * The SQL of a field of the listed entity (see FieldStorage). The one definition of a computed
 * field: lists, filters, sorts, value lists and single reads all use it.
 */
export function fieldSql(storage: EntityStorage, field: string): RawBuilder<unknown> {
  if (!Object.hasOwn(storage.fields, field)) {
    throw new Error(`${storage.table} has no storage for the field ${field}`);
  }
  const stored = storage.fields[field]!;
  if (typeof stored === 'string') return column(storage.table, stored);
  if ('concat' in stored) return lookedUpSql(storage.table, stored);
  if ('count' in stored) {
    const { table, ownerColumn } = stored.count;
    return sql`(select cast(count(*) as integer) from ${sql.table(table)} as ln
      where ${column('ln', ownerColumn)} = ${column(storage.table, storage.key)})`;
  }
  if ('below' in stored) {
    return sql`(${column(storage.table, stored.below.column)} < ${sql.lit(stored.below.limit)})`;
  }
  if ('anyItem' in stored) return anyItemSql(storage, stored.anyItem);
  if ('coded' in stored) {
    const { column: coded, names, other } = stored.coded;
    const cases = names.map(({ Id, Name }) => sql`when ${Id} then cast(${Name} as text)`);
    return sql`(case ${column(storage.table, coded)} ${sql.join(cases, sql` `)} else cast(${other} as text) end)`;
  }
  if ('callerLink' in stored)
    return sql`cast(${callerLinked(storage, stored.callerLink)} as integer)`;
  const { table, key, column: looked, foreignKey } = stored.lookup;
  return sql`(select ${lookedUpSql('lk', looked)} from ${sql.table(table)} as lk where ${column('lk', key)} = ${column(storage.table, foreignKey)})`;
}

/** Whether any item of a collection of the row holds true in `field` (see FieldStorage). */
function anyItemSql(
  storage: EntityStorage,
  { collection, field }: { collection: string; field: string },
): RawBuilder<unknown> {
  const stored = Object.hasOwn(storage.collections ?? {}, collection)
    ? storage.collections![collection]!
    : undefined;
  if (!stored || !Object.hasOwn(stored.columns, field)) {
    throw new Error(`${storage.table} has no storage for ${collection}/${field}`);
  }
  const { through, itemTable, itemKey } = stored;
  return sql`exists (select 1 from ${sql.table(through.table)} as al
    join ${sql.table(itemTable)} as ai on ${column('ai', itemKey)} = ${column('al', through.itemColumn)}
    where ${column('al', through.ownerColumn)} = ${column(storage.table, storage.key)}
    and ${column('ai', stored.columns[field]!)} = true)`;
}

/**
 * A looked-up field compared with a value (`UnitActive eq true`), as a semi-join the planner
 * runs once (`unit_id in (select id from units where active = true)`), not a subquery per
 * row; null when the field is not a lookup. Only for comparisons that are false on a missing
 * row (every operator but `ne`), where both forms agree.
 */
export function lookupComparison(
  storage: EntityStorage,
  field: string,
  operator: '=' | '<' | '<=' | '>' | '>=',
  value: RawBuilder<unknown>,
): RawBuilder<SqlBool> | null {
  const stored = storage.fields[field];
  if (typeof stored !== 'object' || !('lookup' in stored)) return null;
  const { table, key, column: looked, foreignKey } = stored.lookup;
  return sql<SqlBool>`(${column(storage.table, foreignKey)} in
    (select ${column('lk', key)} from ${sql.table(table)} as lk
     where ${lookedUpSql('lk', looked)} ${sql.raw(operator)} ${value}))`;
}

/** A column of `table`, or its columns joined as a concat field (see ConcatStorage). */
export function lookedUpSql(table: string, looked: string | ConcatStorage): RawBuilder<unknown> {
  if (typeof looked === 'string') return column(table, looked);
  // nullif: an empty part is skipped like a null one, so "Jo" and "" read as "Jo", not "Jo ".
  const parts = looked.concat.map((name) => sql`nullif(${column(table, name)}, '')`);
  const joined = sql`concat_ws(cast(${looked.separator} as text), ${sql.join(parts)})`;
  if (!looked.fallback) return joined;
  return sql`coalesce(nullif(${joined}, ''), ${column(table, looked.fallback)})`;
}

/** A looked-up boolean field is true (a delivery's unit is active), as a semi-join. */
export function lookupIsTrue(storage: EntityStorage, field: string): Expression<SqlBool> {
  return (
    lookupComparison(storage, field, '=', sql`true`) ??
    sql<SqlBool>`${fieldSql(storage, field)} = true`
  );
}

/** Whether the row is linked to the calling user (false when no user is bound). */
export function callerLinked(storage: EntityStorage, link: CallerLink): RawBuilder<unknown> {
  if (!Number.isSafeInteger(link.userId)) return sql`false`;
  return sql`exists (select 1 from ${sql.table(link.table)} as cl
    where ${column('cl', link.column)} = ${column(storage.table, link.foreignKey)}
    and ${column('cl', link.userColumn)} = ${sql.lit(link.userId!)})`;
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
