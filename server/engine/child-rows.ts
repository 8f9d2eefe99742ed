import { type Kysely, sql, type Transaction } from 'kysely';
import type { ChildRowsStorage, JsonSchema } from '#metadata';
import type { Database } from '../db/schema';
import type { EngineEntity } from './entity-context';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/** The child-row fields of the entity (a company's contacts), with their storage. */
export function childFields(entity: EngineEntity): [string, ChildRowsStorage][] {
  return Object.entries(entity.storage.children ?? {});
}

/** The child-row fields a payload may write: those whose schema property is not read-only. */
export function writableChildFields(entity: EngineEntity): string[] {
  const props = (entity.schema.properties ?? {}) as Record<string, JsonSchema>;
  return childFields(entity)
    .filter(([field]) => props[field] !== undefined && props[field].readOnly !== true)
    .map(([field]) => field);
}

const keyField = (child: ChildRowsStorage) =>
  Object.entries(child.columns).find(([, column]) => column === child.key)?.[0];

/** The child rows of one row, by field, in the order they were given. */
export async function readChildren(db: Db, entity: EngineEntity, owner: number): Promise<Row> {
  const children: Row = {};
  for (const [field, child] of childFields(entity)) {
    const columns = Object.entries(child.columns).map(([name, column]) =>
      sql`${sql.ref(column)}`.as(name),
    );
    const { rows } = await sql<Row>`select ${sql.join(columns)} from ${sql.table(child.table)}
      where ${sql.ref(child.ownerColumn)} = ${owner}
      order by ${sql.ref(child.orderColumn)}, ${sql.ref(child.key)}`.execute(db.withoutPlugins());
    children[field] = rows;
  }
  return children;
}

/** The child rows as the change log shows them: without their keys, which a save renews. */
export function childLogValues(entity: EngineEntity, children: Row): Row {
  const logged: Row = {};
  for (const [field, child] of childFields(entity)) {
    if (!Array.isArray(children[field])) continue;
    const key = keyField(child);
    logged[field] = (children[field] as Row[]).map((row) =>
      Object.fromEntries(Object.entries(row).filter(([name]) => name !== key)),
    );
  }
  return logged;
}

/** A child's value; one the payload leaves out takes the column's default. */
const valueOf = (value: unknown) => (value === undefined ? sql`default` : value);

/** Replaces the child rows of `owner` for each child field the values carry. */
export async function writeChildren(
  trx: Transaction<Database>,
  entity: EngineEntity,
  values: Row,
  owner: number,
): Promise<void> {
  for (const [field, child] of childFields(entity)) {
    const rows = values[field];
    if (!Array.isArray(rows)) continue;
    await sql`delete from ${sql.table(child.table)}
      where ${sql.ref(child.ownerColumn)} = ${owner}`.execute(trx.withoutPlugins());
    if (rows.length === 0) continue;
    const written = Object.entries(child.columns).filter(([, column]) => column !== child.key);
    const columns = [child.ownerColumn, child.orderColumn, ...written.map(([, column]) => column)];
    const tuples = (rows as Row[]).map(
      (row, index) =>
        sql`(${sql.join([owner, index, ...written.map(([name]) => valueOf(row[name]))])})`,
    );
    await sql`insert into ${sql.table(child.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values ${sql.join(tuples)}`.execute(trx.withoutPlugins());
  }
}
