import { sql, type Transaction } from 'kysely';
import type { CollectionStorage } from '#metadata';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import type { EngineEntity } from './entity-context';

type Trx = Transaction<Database>;

/** What a save does to one checkbox-list collection: the item keys before and after. */
export interface CollectionChange {
  before: number[];
  after: number[];
  added: number[];
  removed: number[];
}

export type CollectionChanges = Record<string, CollectionChange>;

/** The collections a payload may write: checkbox lists whose field is not read-only. */
export function checkedCollections(entity: EngineEntity): [string, CollectionStorage][] {
  const props = (entity.schema.properties ?? {}) as Record<string, { readOnly?: boolean }>;
  return Object.entries(entity.storage.collections ?? {}).filter(
    ([name, collection]) => collection.checked === true && props[name]?.readOnly !== true,
  );
}

const refuse = (field: string, message: string): never => {
  throw new AppError('BadRequest', message, [{ Field: field, Message: message }]);
};

function parseChecks(field: string, value: unknown): Map<number, boolean> {
  if (!Array.isArray(value)) refuse(field, `${field} must be a list of { Id, IsChecked }.`);
  const checks = new Map<number, boolean>();
  for (const item of value as unknown[]) {
    const { Id, IsChecked } = (item ?? {}) as { Id?: unknown; IsChecked?: unknown };
    if (typeof Id !== 'number' || !Number.isSafeInteger(Id) || Id < 1 || Id > 2_147_483_647) {
      refuse(field, `${field}: every item needs an Id, a positive whole number.`);
    }
    if (typeof IsChecked !== 'boolean') refuse(field, `${field}: every item needs IsChecked.`);
    checks.set(Id as number, IsChecked as boolean);
  }
  return checks;
}

const raw = (trx: Trx) => trx.withoutPlugins();

async function linkedKeys(trx: Trx, collection: CollectionStorage, owner: number) {
  const { through } = collection;
  const { rows } = await sql<{ k: number }>`select ${sql.ref(through.itemColumn)} as k
    from ${sql.table(through.table)} where ${sql.ref(through.ownerColumn)} = ${owner}`.execute(
    raw(trx),
  );
  return rows.map((row) => row.k);
}

async function existingKeys(trx: Trx, collection: CollectionStorage, keys: number[]) {
  if (keys.length === 0) return new Set<number>();
  const { rows } = await sql<{ k: number }>`select ${sql.ref(collection.itemKey)} as k
    from ${sql.table(collection.itemTable)}
    where ${sql.ref(collection.itemKey)} in (${sql.join(keys)})`.execute(raw(trx));
  return new Set(rows.map((row) => row.k));
}

/**
 * The changes a payload makes to the entity's checkbox-list collections, checked: each item
 * well formed, every item added must exist. Collections the payload leaves out do not change.
 */
export async function collectionChanges(
  trx: Trx,
  entity: EngineEntity,
  payload: Readonly<Record<string, unknown>>,
  owner: number | null,
): Promise<CollectionChanges> {
  const changes: CollectionChanges = {};
  for (const [name, collection] of checkedCollections(entity)) {
    if (payload[name] === undefined) continue;
    const checks = parseChecks(name, payload[name]);
    const before = owner === null ? [] : await linkedKeys(trx, collection, owner);
    const next = new Set(before);
    for (const [key, checked] of checks) {
      if (checked) next.add(key);
      else next.delete(key);
    }
    const added = [...next].filter((key) => !before.includes(key));
    const removed = before.filter((key) => !next.has(key));
    const known = await existingKeys(trx, collection, added);
    const missing = added.filter((key) => !known.has(key));
    if (missing.length > 0)
      refuse(
        name,
        `${name}: ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist.`,
      );
    changes[name] = { before, after: [...next], added, removed };
  }
  return changes;
}

/** Links kept in the items' own column: adding sets it to the owner, removing clears it. */
async function writeOwnerColumn(
  trx: Trx,
  collection: CollectionStorage,
  change: CollectionChange,
  owner: number,
) {
  const { through } = collection;
  const [table, ownerColumn, key] = [
    sql.table(through.table),
    sql.ref(through.ownerColumn),
    sql.ref(through.itemColumn),
  ];
  if (change.removed.length > 0) {
    await sql`update ${table} set ${ownerColumn} = null where ${ownerColumn} = ${owner}
      and ${key} in (${sql.join(change.removed)})`.execute(raw(trx));
  }
  if (change.added.length > 0) {
    await sql`update ${table} set ${ownerColumn} = ${owner}
      where ${key} in (${sql.join(change.added)})`.execute(raw(trx));
  }
}

/** Writes the links the changes add and remove, for the row `owner`. */
export async function writeCollections(
  trx: Trx,
  entity: EngineEntity,
  changes: CollectionChanges,
  owner: number,
): Promise<void> {
  for (const [name, change] of Object.entries(changes)) {
    const collection = entity.storage.collections![name]!;
    if (collection.link === 'column') {
      await writeOwnerColumn(trx, collection, change, owner);
      continue;
    }
    const { through } = collection;
    const [table, ownerColumn, itemColumn] = [
      sql.table(through.table),
      sql.ref(through.ownerColumn),
      sql.ref(through.itemColumn),
    ];
    if (change.removed.length > 0) {
      await sql`delete from ${table} where ${ownerColumn} = ${owner}
        and ${itemColumn} in (${sql.join(change.removed)})`.execute(raw(trx));
    }
    if (change.added.length > 0) {
      const rows = change.added.map((key) => sql`(${owner}, ${key})`);
      await sql`insert into ${table} (${ownerColumn}, ${itemColumn})
        values ${sql.join(rows)}`.execute(raw(trx));
    }
  }
}

interface Named {
  key: number;
  name: string;
}

async function namesOf(trx: Trx, collection: CollectionStorage, keys: readonly number[]) {
  if (keys.length === 0) return [];
  const name = collection.columns.Name ?? collection.itemKey;
  const { rows } = await sql<Named>`select ${sql.ref(collection.itemKey)} as key,
    cast(${sql.ref(name)} as text) as name from ${sql.table(collection.itemTable)}
    where ${sql.ref(collection.itemKey)} in (${sql.join([...keys])})
    order by 2, 1`.execute(raw(trx));
  return rows;
}

/**
 * The collections as the change log shows them, by item name: before the save in name order,
 * after it the names kept in that order then those added, so the entry reads as what was
 * added and removed. Only collections that changed (or, for a new or deleted row, that hold
 * anything) appear.
 */
export async function collectionLogValues(
  trx: Trx,
  entity: EngineEntity,
  changes: CollectionChanges,
): Promise<{ before: Record<string, string[]>; after: Record<string, string[]> }> {
  const before: Record<string, string[]> = {};
  const after: Record<string, string[]> = {};
  for (const [name, change] of Object.entries(changes)) {
    if (change.added.length === 0 && change.removed.length === 0) continue;
    const collection = entity.storage.collections![name]!;
    const old = await namesOf(trx, collection, change.before);
    const added = await namesOf(trx, collection, change.added);
    const kept = old.filter((item) => !change.removed.includes(item.key));
    before[name] = old.map((item) => item.name);
    after[name] = [...kept, ...added].map((item) => item.name);
  }
  return { before, after };
}

/** What a row about to be deleted holds in its checkbox-list collections. */
export async function collectionsHeld(
  trx: Trx,
  entity: EngineEntity,
  owner: number,
): Promise<CollectionChanges> {
  const held: CollectionChanges = {};
  for (const [name, collection] of checkedCollections(entity)) {
    const keys = await linkedKeys(trx, collection, owner);
    held[name] = { before: keys, after: [], added: [], removed: keys };
  }
  return held;
}
