import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import type { EntityDefinition } from '#metadata';
import type { Database } from '../db/schema';
import { forgetEntities } from './entity-context';
import {
  findGridPageById,
  type GridPageValues,
  insertSystemGridPage,
  updateSystemGridPage,
  upsertSystemDataSource,
} from './engine-definitions';

type Db = Kysely<Database> | Transaction<Database>;
type Item = { Id: number } & Record<string, unknown>;

/** Keys of a column or action that come from the release whatever an administrator did. */
const structuralKeys = new Set(['Id', 'Field', 'Type', 'Permission']);

/** The generic row calls of a data source (`api/dataSources/{id}/data`). */
export function genericApi(id: number) {
  const rows = `/api/dataSources/${id}/data`;
  return { Get: `${rows}/{id}`, Save: rows, Delete: `DELETE ${rows}/{id}` };
}

/** The API field whose storage is the table's key column (`Id` for every built-in entity). */
export function primaryKeyField(entity: EntityDefinition): string {
  const entry = Object.entries(entity.storage.fields).find(
    ([, storage]) => storage === entity.storage.key,
  );
  if (!entry) throw new Error(`Entity ${entity.name}: no field is stored in its key column.`);
  return entry[0];
}

function releaseGridPage(entity: EntityDefinition): GridPageValues {
  const { grid } = entity;
  return {
    pageTitle: grid.PageTitle,
    dataSourceId: entity.id,
    pkField: primaryKeyField(entity),
    columns: [...grid.Columns],
    actions: [...grid.Actions],
    rowActions: [...grid.RowActions],
    pageSize: grid.PageSize,
    defaultSort: [...grid.DefaultSort],
    defaultFilter: grid.DefaultFilter,
    defaultFilterTitle: grid.DefaultFilterTitle,
    cardFields: [...(grid.CardFields ?? [])],
    listUrl: grid.ListUrl,
    detailUrl: grid.DetailUrl,
    permission: '',
  };
}

/** What an administrator changed (live differs from the last release) wins; else the release. */
function keep<T>(live: T, before: T, release: T): T {
  return isDeepStrictEqual(live, before) ? release : live;
}

/**
 * Three-way merge of columns or actions by Id: the release adds and removes items and owns
 * their structure; an administrator's titles, order and formats are kept, an item they
 * deleted stays deleted, and items they added stay.
 */
export function mergeItems(live: Item[], before: Item[], release: Item[]): Item[] {
  const byId = (items: Item[]) => new Map(items.map((item) => [item.Id, item]));
  const liveById = byId(live);
  const beforeById = byId(before);
  const releaseById = byId(release);
  const merged: Item[] = [];
  for (const item of release) {
    const current = liveById.get(item.Id);
    const previous = beforeById.get(item.Id);
    if (!current) {
      if (!previous) merged.push(item);
      continue;
    }
    const result: Item = { ...item };
    for (const key of new Set([...Object.keys(item), ...Object.keys(current)])) {
      if (structuralKeys.has(key)) continue;
      const value = keep(current[key], previous?.[key], item[key]);
      if (value === undefined) delete result[key];
      else result[key] = value;
    }
    merged.push(result);
  }
  for (const item of live) {
    if (!releaseById.has(item.Id) && !beforeById.has(item.Id)) merged.push(item);
  }
  return merged;
}

export function mergeGridPage(
  live: GridPageValues,
  before: GridPageValues,
  release: GridPageValues,
): GridPageValues {
  return {
    ...release,
    pageTitle: keep(live.pageTitle, before.pageTitle, release.pageTitle),
    pageSize: keep(live.pageSize, before.pageSize, release.pageSize),
    // A release written before pages had a permission has none: the live one is kept.
    permission: keep(live.permission, before.permission, release.permission),
    defaultSort: keep(live.defaultSort, before.defaultSort, release.defaultSort),
    defaultFilter: keep(live.defaultFilter, before.defaultFilter, release.defaultFilter),
    defaultFilterTitle: keep(
      live.defaultFilterTitle,
      before.defaultFilterTitle,
      release.defaultFilterTitle,
    ),
    // A release loaded before pages had cards had none.
    cardFields: keep(live.cardFields, before.cardFields ?? [], release.cardFields),
    columns: mergeItems(
      live.columns as Item[],
      before.columns as Item[],
      release.columns as Item[],
    ),
    actions: mergeItems(
      live.actions as Item[],
      before.actions as Item[],
      release.actions as Item[],
    ),
    rowActions: mergeItems(
      live.rowActions as Item[],
      before.rowActions as Item[],
      release.rowActions as Item[],
    ),
  };
}

async function syncGridPage(db: Db, entity: EntityDefinition): Promise<void> {
  const release = releaseGridPage(entity);
  const row = await findGridPageById(db, entity.id);
  if (!row) {
    await insertSystemGridPage(db, entity.id, release, release);
    return;
  }
  const before = (row.systemDefinition ?? release) as GridPageValues;
  if (isDeepStrictEqual(before, release)) return;
  const live: GridPageValues = {
    pageTitle: row.pageTitle,
    dataSourceId: row.dataSourceId,
    pkField: row.pkField,
    columns: row.columns,
    actions: row.actions,
    rowActions: row.rowActions,
    pageSize: row.pageSize,
    defaultSort: row.defaultSort,
    defaultFilter: row.defaultFilter,
    defaultFilterTitle: row.defaultFilterTitle,
    cardFields: row.cardFields,
    listUrl: row.listUrl,
    detailUrl: row.detailUrl,
    permission: row.permission,
  };
  await updateSystemGridPage(db, entity.id, mergeGridPage(live, before, release), release);
}

/**
 * Loads the built-in entities into the data source and grid page tables. A system data
 * source is replaced by the release; a system grid page is merged so that an administrator's
 * changes to titles, order and formats survive an upgrade.
 */
export async function syncSystemDefinitions(
  db: Db,
  entities: readonly EntityDefinition[],
): Promise<void> {
  forgetEntities(db);
  for (const entity of entities) {
    await upsertSystemDataSource(db, {
      id: entity.id,
      name: entity.name,
      primaryKeyField: primaryKeyField(entity),
      schemaDefinition: entity.schema,
      formDefinition: entity.form,
      storage: entity.storage,
      permissions: entity.permissions,
      entityType: entity.entityType,
      api: entity.api ?? genericApi(entity.id),
      uniqueFields: entity.unique ?? [],
    });
    await syncGridPage(db, entity);
  }
}
