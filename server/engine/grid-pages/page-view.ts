import type { Kysely } from 'kysely';
import type { EntityPermissions, GridAction, GridPage } from '#metadata';
import { hasPermission } from '#platform/core';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findGridPageById, type GridPageRow } from '../engine-definitions';
import type { EntityCaller } from '../caller';
import type { EngineEntity } from '../entity-context';

/** The permission an action of a page needs when the page names none: its data source's. */
const actionPermission: Readonly<Record<string, keyof EntityPermissions>> = {
  New: 'create',
  Edit: 'update',
  Delete: 'delete',
  View: 'read',
};

function withPermissions<Action extends GridAction<string>>(
  actions: readonly Action[],
  permissions: EntityPermissions,
): Action[] {
  return actions.map((action) => {
    const needed = actionPermission[action.Type];
    if (action.Permission !== undefined || !needed) return action;
    return { ...action, Permission: permissions[needed] };
  });
}

/** The stored page with its data source's schema, form and row calls, as `api/grids/{id}` answers. */
export async function gridPageView(
  db: Kysely<Database>,
  row: GridPageRow,
  entity: EngineEntity,
): Promise<GridPage> {
  const source = await db
    .selectFrom('dataSources')
    .select(['formDefinition', 'api'])
    .where('id', '=', row.dataSourceId)
    .executeTakeFirstOrThrow();
  return {
    Id: row.id,
    PageTitle: row.pageTitle,
    DataSourceId: row.dataSourceId,
    DataSourceName: row.dataSourceName,
    EntityType: entity.entityType,
    PkField: row.pkField,
    SchemaDefinition: row.schemaDefinition ?? entity.schema,
    FormDefinition: (row.formDefinition ??
      source.formDefinition ??
      null) as GridPage['FormDefinition'],
    Columns: row.columns as GridPage['Columns'],
    Actions: withPermissions(row.actions as GridPage['Actions'], entity.permissions),
    RowActions: withPermissions(row.rowActions as GridPage['RowActions'], entity.permissions),
    PageSize: row.pageSize,
    DefaultSort: row.defaultSort as GridPage['DefaultSort'],
    DefaultFilter: row.defaultFilter,
    DefaultFilterTitle: row.defaultFilterTitle,
    CardFields: row.cardFields,
    ListUrl: row.listUrl,
    DetailUrl: row.detailUrl,
    Api: source.api as GridPage['Api'],
    Permission: row.permission,
    IsSystem: row.isSystem,
    Version: row.version,
  };
}

/** A stored grid page, or a 404. */
export async function storedGridPage(db: Kysely<Database>, id: number): Promise<GridPageRow> {
  const row = await findGridPageById(db, id);
  if (!row) throw new AppError('NotFound', 'The grid page does not exist.');
  return row;
}

/**
 * Refuses a caller the page's own permission does not admit ('' admits whoever may read its
 * data source, which the engine checks on every path to the rows).
 */
export function assertMayViewPage(row: GridPageRow, caller: EntityCaller): void {
  if (row.permission === '' || hasPermission(row.permission, caller.subject)) return;
  throw caller.subject.authenticated
    ? new AppError('Forbidden', 'You do not have permission to see this page.')
    : new AppError('Unauthorized', 'Please sign in to continue.');
}
