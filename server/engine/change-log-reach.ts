import { type RawBuilder, sql, type SqlBool } from 'kysely';
import { changeLogEntity, type FieldChange } from '#metadata';
import { hasPermission } from '#platform/core';
import type { BaseWhere } from './odata/index';
import { accessFor, type EntityAccess, scopeOf, visibleFields } from './entity-access';
import { type EngineEntity, everyEntity } from './entity-context';
import type { Reach, ReachContext } from './entity-hooks';

/**
 * Which change-log entries a caller reads, one rule for the whole log and a row's history: an
 * entry tells about one row of one data source (its EntityType, its EntityId), and is read by
 * whoever may read that row now (the data source's read permission, then the row scope its
 * own lists apply); an entry about a deleted row by whoever holds the read permission. Of an
 * entry, the changes of fields hidden from the caller are left out. Entries of types that no
 * data source holds (settings, the menu) are the audit log's own.
 */

const { table } = changeLogEntity.storage;
const entryType = sql`lower(${sql.ref(`${table}.entity_type`)})`;
const entryId = sql.ref(`${table}.entity_id`);

/** Whether the entity's rows are keyed by a number (an entry's EntityId is always text). */
function numericKey(entity: EngineEntity): boolean {
  const { fields, key } = entity.storage;
  const field = Object.keys(fields).find((name) => fields[name] === key);
  const properties = (entity.schema.properties ?? {}) as Record<string, { type?: unknown }>;
  const type = field === undefined ? undefined : properties[field]?.type;
  const types: unknown[] = Array.isArray(type) ? type : [type];
  return types.includes('integer') || types.includes('number');
}

/** The entity's row the entry tells about: the one keyed by the entry's EntityId. */
function rowOfEntry(entity: EngineEntity): RawBuilder<SqlBool> {
  const key = sql.ref(`${entity.storage.table}.${entity.storage.key}`);
  if (!numericKey(entity)) return sql<SqlBool>`cast(${key} as text) = ${entryId}`;
  // A note may name any EntityId: one that is no number names no row (never a failed cast).
  return sql<SqlBool>`${key} = case when ${entryId} ~ '^[0-9]{1,18}$'
    then cast(${entryId} as bigint) end`;
}

/** The entries about one entity's rows that a caller reads, and the fields they see. */
export interface EntityEntries {
  entityType: string;
  /** Entries of the type the caller reads, as SQL over the change log; null: all of them. */
  rows: BaseWhere | null;
  visible: ReadonlySet<string>;
}

/**
 * The entries about the rows of `access`'s entity that its caller reads (see above); null when
 * they may not read the entity at all. Over the log's own table, the row scope is this very
 * rule: its own entries follow the read permission alone.
 */
export function entityEntries(access: EntityAccess): EntityEntries | null {
  const { entity, caller } = access;
  if (!hasPermission(entity.permissions.read, caller.subject)) return null;
  const visible = visibleFields(access);
  const scope = entity.storage.table === table ? null : scopeOf(access);
  if (!scope) return { entityType: entity.entityType, rows: null, visible };
  const rows: BaseWhere = (eb) => {
    // A row still there and outside the scope: a deleted one is not, so its entries are read.
    const outside = eb
      .selectFrom(entity.storage.table)
      .select(sql.lit(1).as('one'))
      .where(rowOfEntry(entity))
      .where((inner) => sql<SqlBool>`not coalesce(${scope(inner)}, false)`);
    return sql<SqlBool>`not exists (${outside})`;
  };
  return { entityType: entity.entityType, rows, visible };
}

/** The changes of an entry that the caller sees: those of fields in `visible`. */
export function visibleChanges(
  changes: readonly FieldChange[],
  visible: ReadonlySet<string>,
): FieldChange[] {
  return changes.filter((change) => visible.has(change.Field));
}

const isChange = (value: unknown): value is FieldChange =>
  typeof value === 'object' && value !== null && 'Field' in value;

/**
 * The change log as a caller reaches it (the change log's `reach` hook): every data source's
 * entries as `entityEntries` has them, joined in one SQL condition so that pages, counts and
 * value lists agree; each answered entry without the changes of fields hidden from the caller.
 */
export async function changeLogReach({ db, registry, caller }: ReachContext): Promise<Reach> {
  const { entities, entityTypes } = await everyEntity(db);
  const known = new Set(entityTypes.map((type) => type.toLowerCase()));
  const whole = new Set<string>();
  const scoped: RawBuilder<SqlBool>[] = [];
  const parts: BaseWhere[] = [];
  const visibleByType = new Map<string, Set<string>>();
  // For a row answered without its EntityType: the fields hidden from the caller anywhere.
  const hiddenSomewhere = new Set<string>();
  for (const entity of entities) {
    let entries: EntityEntries | null;
    try {
      entries = entityEntries(accessFor(registry, entity, caller));
    } catch {
      continue; // A data source no module serves: nobody reads its rows.
    }
    if (!entries) continue;
    const type = entity.entityType.toLowerCase();
    const visible = visibleByType.get(type) ?? new Set<string>();
    for (const field of entries.visible) visible.add(field);
    visibleByType.set(type, visible);
    for (const field of Object.keys(entity.schema.properties ?? {})) {
      if (!entries.visible.has(field)) hiddenSomewhere.add(field);
    }
    const rows = entries.rows;
    if (!rows) whole.add(type);
    else parts.push((eb) => sql<SqlBool>`(${entryType} = ${type} and ${rows(eb)})`);
  }
  const everything = parts.length === 0 && [...known].every((type) => whole.has(type));
  // Entries about no data source (settings, the menu) follow the change log's own permission; a
  // user table another instance created a moment ago is not known here yet, and stays hidden.
  const notUserTable = sql<SqlBool>`${entryType} not like 'usertable%'`;
  scoped.push(
    known.size > 0
      ? sql<SqlBool>`(${entryType} not in (${sql.join([...known])}) and ${notUserTable})`
      : notUserTable,
  );
  if (whole.size > 0) scoped.push(sql<SqlBool>`${entryType} in (${sql.join([...whole])})`);
  const rowScope: BaseWhere | null = everything
    ? null
    : (eb) => {
        const any = [...scoped, ...parts.map((part) => part(eb))];
        return any.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(any, sql` or `)})`;
      };
  const shape = (row: Record<string, unknown>) => {
    if (!Array.isArray(row.Changes)) return row;
    const changes = row.Changes.filter(isChange);
    if (typeof row.EntityType !== 'string') {
      return { ...row, Changes: changes.filter((change) => !hiddenSomewhere.has(change.Field)) };
    }
    const type = row.EntityType.toLowerCase();
    if (!known.has(type)) return row;
    return { ...row, Changes: visibleChanges(changes, visibleByType.get(type) ?? new Set()) };
  };
  return { rowScope, shape };
}
