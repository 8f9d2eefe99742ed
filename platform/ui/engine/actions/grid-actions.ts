import type { TFunction } from 'i18next';
import type { GridAction, GridPage, GridRowAction } from '#metadata';
import { dialogs } from '../../dialogs';
import { deleteRow, type EntityRow, fillUrl, rowKey } from '../entity-api';
import { entityExtension } from '../entity-extensions';
import { failureText } from '../failure-text';
import { type Action, actionRegistry } from './action-registry';

/** The surface of the engine's grids. */
export const gridSurface = 'grid';

/** What a grid action is given: the page, the row (a row action) and the grid's means. */
export interface GridActionContext {
  page: GridPage;
  /** The page definition's entry naming the action (Title, Permission, UrlToRedirect), if any. */
  definition?: GridAction | GridRowAction;
  /** The row of a row action. */
  row?: EntityRow;
  /** Opens a path of the app, or another site for an absolute URL; nothing for null. */
  go(url: string | null): void;
  /** Loads the grid's rows again. */
  reload(): void;
  can(permission: string | undefined): boolean;
  t: TFunction;
}

/**
 * An action of the engine's grids (surface `grid`). A page definition names one by its id as
 * an action's `Type`; one with a `predicate` is also drawn on the toolbar of every grid whose
 * context the predicate takes, named by the definition or not.
 */
export type GridActionDefinition = Action<GridActionContext>;

function detailUrl({ page, definition }: GridActionContext, id: unknown, mode: string) {
  const pattern = (definition?.UrlToRedirect || page.DetailUrl)?.replace(
    '{gridId}',
    String(page.Id),
  );
  if (!pattern) return null;
  const url = fillUrl(pattern, id, mode);
  return mode === 'view' && !pattern.includes('{mode}') ? `${url}?mode=view` : url;
}

const openRow = (mode: 'edit' | 'view') => (context: GridActionContext) => {
  const id = context.row && rowKey(context.page, context.row);
  context.go(detailUrl(context, id, mode));
};

async function deleteOne({ page, row, t, reload }: GridActionContext) {
  if (!row) return;
  if (!(await dialogs.confirm(t('ENGINE.DELETE_CONFIRM')))) return;
  try {
    await deleteRow(page, rowKey(page, row));
    entityExtension(page.DataSourceName).afterDelete?.(row);
    dialogs.success(t('ENGINE.DELETED'));
  } catch (error) {
    await dialogs.warning(failureText(error, t('ENGINE.DELETE_FAILED')));
  }
  reload();
}

/**
 * The kinds of action a grid page definition names by `Type` (the spec's contract): the
 * platform's own registered actions. Their text is the definition's `Title`.
 */
export const builtInGridActions: readonly GridActionDefinition[] = [
  {
    id: 'New',
    surface: gridSurface,
    where: 'toolbar',
    label: 'GRID.ACTION.NEW',
    perform: (context) => context.go(detailUrl(context, 0, 'edit')),
  },
  {
    id: 'Redirect',
    surface: gridSurface,
    where: 'toolbar',
    label: 'GRID.ACTION.OPEN',
    perform: (context) => context.go(context.definition?.UrlToRedirect ?? null),
  },
  {
    id: 'Edit',
    surface: gridSurface,
    where: 'row',
    label: 'GRID.ACTION.EDIT',
    perform: openRow('edit'),
  },
  {
    id: 'Open',
    surface: gridSurface,
    where: 'row',
    label: 'GRID.ACTION.OPEN',
    perform: openRow('edit'),
  },
  {
    id: 'View',
    surface: gridSurface,
    where: 'row',
    label: 'GRID.ACTION.VIEW',
    perform: openRow('view'),
  },
  {
    id: 'Delete',
    surface: gridSurface,
    where: 'row',
    label: 'GRID.ACTION.DELETE',
    perform: deleteOne,
  },
];

actionRegistry.registerAll(builtInGridActions);
