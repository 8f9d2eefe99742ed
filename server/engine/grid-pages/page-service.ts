import { type Kysely, sql, type Transaction } from 'kysely';
import { gridPageEntity, type GridAction, type GridColumn, type GridPageSave } from '#metadata';
import { hasPermission } from '#platform/core';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { refuseContradictions } from '../answered-fields';
import { findGridPageById, type GridPageRow } from '../engine-definitions';
import type { EntityCaller } from '../caller';
import { fieldChanges, recordChange } from '../change-log';
import { isUniqueViolation, staleSave } from '../concurrency';
import { accessFor } from '../entity-access';
import { type EngineEntity, entityById } from '../entity-context';
import type { EntityHookRegistry } from '../entity-hooks';
import { type CheckedPage, checkedPage, type StoredPage } from './page-checks';
import { storedGridPage } from './page-view';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

const { entityType } = gridPageEntity;
const alreadyExists = 'There is already grid page with this title.';

const titleTaken = () =>
  new AppError('BadRequest', alreadyExists, [{ Field: 'PageTitle', Message: alreadyExists }], {
    flags: { AlreadyExists: true },
  });

async function refuseTakenTitle(db: Db | Trx, title: string, id: number | null): Promise<void> {
  let query = db
    .selectFrom('gridPages')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['pageTitle']), '=', title.toLowerCase()));
  if (id !== null) query = query.where('id', '<>', id);
  if (await query.executeTakeFirst()) throw titleTaken();
}

/** What the page designer needs of the data source: that it exists and the caller reads it. */
async function sourceOf(
  db: Db | Trx,
  registry: EntityHookRegistry,
  id: number,
  caller: EntityCaller,
): Promise<EngineEntity> {
  const refused = (message: string) =>
    new AppError('BadRequest', `DataSourceId: ${message}.`, [
      { Field: 'DataSourceId', Message: message },
    ]);
  let entity: EngineEntity;
  try {
    entity = await entityById(db, id);
    accessFor(registry, entity, caller);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NotFound') {
      throw refused(`there is no data source with id ${id}`);
    }
    throw error;
  }
  if (!hasPermission(entity.permissions.read, caller.subject)) {
    throw refused(`you may not read the rows of ${entity.name}`);
  }
  return entity;
}

/** The URLs of a page the designer made: its rows through the page, its rows' detail screen. */
function designedUrls(id: number) {
  return { listUrl: `/api/grids/${id}/data`, detailUrl: `/udt/details/${id}/{id}/{mode}` };
}

function storedValues(page: CheckedPage) {
  return {
    pageTitle: page.pageTitle,
    dataSourceId: page.dataSourceId,
    pkField: page.pkField,
    columns: JSON.stringify(page.columns),
    actions: JSON.stringify(page.actions),
    rowActions: JSON.stringify(page.rowActions),
    pageSize: page.pageSize,
    defaultSort: JSON.stringify(page.defaultSort),
    defaultFilter: page.defaultFilter,
    defaultFilterTitle: page.defaultFilterTitle,
    cardFields: JSON.stringify(page.cardFields),
    permission: page.permission,
  };
}

const loggedFields = [
  'PageTitle',
  'DataSourceId',
  'PkField',
  'Columns',
  'Actions',
  'RowActions',
  'PageSize',
  'DefaultSort',
  'DefaultFilter',
  'DefaultFilterTitle',
  'CardFields',
  'Permission',
];

const logged = (page: CheckedPage | GridPageRow) => ({
  PageTitle: page.pageTitle,
  DataSourceId: page.dataSourceId,
  PkField: page.pkField,
  Columns: page.columns,
  Actions: page.actions,
  RowActions: page.rowActions,
  PageSize: page.pageSize,
  DefaultSort: page.defaultSort,
  DefaultFilter: page.defaultFilter,
  DefaultFilterTitle: page.defaultFilterTitle,
  CardFields: page.cardFields,
  Permission: page.permission,
});

async function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    // Two designers saving the same new title at once: the index answers the second.
    if (isUniqueViolation(error)) throw titleTaken();
    throw error;
  }
}

/** `POST api/grids`: a new grid page over a data source the caller may read. */
export async function createGridPage(
  db: Db,
  registry: EntityHookRegistry,
  body: GridPageSave,
  caller: EntityCaller,
): Promise<number> {
  const entity = await sourceOf(db, registry, body.DataSourceId, caller);
  refuseContradictions(body, { IsSystem: false, EntityType: entity.entityType });
  const page = checkedPage(body, entity, null);
  await refuseTakenTitle(db, page.pageTitle, null);
  return inTransaction(db, async (trx) => {
    const next = await sql<{
      id: number;
    }>`select nextval(pg_get_serial_sequence('grid_pages', 'id'))::integer as id`.execute(trx);
    const id = next.rows[0]!.id;
    await trx
      .insertInto('gridPages')
      .values({ id, ...storedValues(page), ...designedUrls(id), isSystem: false })
      .execute();
    await recordChange(trx, {
      entityType,
      entityId: id,
      actionType: 0,
      actor: caller.actor,
      changes: fieldChanges(null, logged(page), loggedFields),
    });
    return id;
  });
}

function storedPageOf(row: GridPageRow): StoredPage {
  return {
    dataSourceId: row.dataSourceId,
    pkField: row.pkField,
    columns: row.columns as GridColumn[],
    actions: row.actions as GridAction[],
    rowActions: row.rowActions as GridAction<string>[],
  };
}

/**
 * `PUT api/grids`: a page's new definition, with the Version read (a stale one is a 409). A
 * built-in page is edited the same way but keeps its data source and key; its release's next
 * upgrade keeps what was changed here.
 */
export async function updateGridPage(
  db: Db,
  registry: EntityHookRegistry,
  body: GridPageSave,
  caller: EntityCaller,
): Promise<number> {
  const id = body.Id ?? 0;
  if (id < 1 || !body.Version) {
    throw new AppError('BadRequest', 'Id and Version are required to change a grid page.', [
      { Field: id < 1 ? 'Id' : 'Version', Message: 'is required' },
    ]);
  }
  const row = await storedGridPage(db, id);
  const entity = await sourceOf(db, registry, body.DataSourceId, caller);
  const storedEntity =
    row.dataSourceId === entity.id ? entity : await entityById(db, row.dataSourceId);
  refuseContradictions(body, { IsSystem: row.isSystem, EntityType: storedEntity.entityType });
  const page = checkedPage(body, entity, row.isSystem ? storedPageOf(row) : null);
  await refuseTakenTitle(db, page.pageTitle, id);
  await inTransaction(db, async (trx) => {
    const before = await findGridPageById(trx, id);
    const updated = await trx
      .updateTable('gridPages')
      .set((eb) => ({
        ...storedValues(page),
        ...(row.isSystem ? {} : designedUrls(id)),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .where('version', '=', body.Version!)
      .executeTakeFirst();
    if (!before || Number(updated.numUpdatedRows) === 0) throw staleSave('grid page');
    const changes = fieldChanges(logged(before), logged(page), loggedFields);
    if (changes.length > 0) {
      await recordChange(trx, {
        entityType,
        entityId: id,
        actionType: 1,
        actor: caller.actor,
        changes,
      });
    }
  });
  return id;
}

/**
 * `DELETE api/grids/{id}`: a page the designer made (a built-in one is refused). A menu item
 * that opened it stays, pointing nowhere, until the menu's editor removes it.
 */
export async function deleteGridPage(db: Db, id: number, caller: EntityCaller): Promise<void> {
  const row = await storedGridPage(db, id);
  if (row.isSystem) {
    throw new AppError(
      'BadRequest',
      `'${row.pageTitle}' is a built-in grid page and cannot be deleted. Remove its columns or change its permission instead.`,
    );
  }
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('gridPages').where('id', '=', id).execute();
    await recordChange(trx, {
      entityType,
      entityId: id,
      actionType: 2,
      actor: caller.actor,
      changes: fieldChanges(logged(row), null, loggedFields),
    });
  });
}
