import type { GridAction, GridPage, GridPageSave, GridRowAction } from '#metadata';
import type { ActionDraft, DesignerState } from './drafts';
import { previewListUrl } from './grid-page-api';
import type { SentItems } from './server-errors';

const urlTypes = new Set(['Redirect', 'Open']);
/** Whether an action goes to an address of its own (Redirect, Open). */
export const hasUrl = (action: { Type: string }) => urlTypes.has(action.Type);

const actionBody = <Type extends string>(action: ActionDraft<Type>, index: number) => ({
  Id: action.Id,
  Title: action.Title.trim(),
  Type: action.Type,
  UrlToRedirect: hasUrl(action) ? action.UrlToRedirect?.trim() || null : null,
  Order: index + 1,
});

/** The card's fields (a column removed leaves it too); absent for a page that never had one. */
function cardFieldsOf(state: DesignerState): Pick<GridPageSave, 'CardFields'> {
  const fields = state.cardFields.filter((f) => state.columns.some((c) => c.Field === f));
  const had = (state.page.CardFields ?? []).length > 0;
  return fields.length > 0 || had ? { CardFields: fields } : {};
}

/**
 * The body of `POST` (new) or `PUT api/grids` (with the Version read): the lists in the order
 * shown, numbered from 1; the key field, sort and filter as chosen (none: the server's).
 */
export function saveBodyOf(state: DesignerState): GridPageSave {
  const isNew = state.page.Id === 0;
  return {
    Id: state.page.Id,
    PageTitle: state.title.trim(),
    DataSourceId: state.dataSourceId,
    ...(state.pkField ? { PkField: state.pkField } : {}),
    Columns: state.columns.map((column, index) => ({
      Id: column.Id,
      Field: column.Field,
      Title: column.Title.trim(),
      Format: column.Format,
      Type: column.Type,
      Order: index + 1,
      ...(column.Width === undefined ? {} : { Width: column.Width }),
    })),
    Actions: state.actions.map(actionBody),
    RowActions: state.rowActions.map(actionBody),
    PageSize: state.pageSize as GridPageSave['PageSize'] & number,
    DefaultSort: state.sort ? [state.sort] : [],
    DefaultFilter: state.filter.trim() || null,
    DefaultFilterTitle: state.filterTitle.trim() || null,
    Permission: state.permission.trim(),
    ...cardFieldsOf(state),
    ...(isNew ? {} : { Version: state.page.Version }),
  };
}

/** The uids of what a save sends, by list, to place the server's errors on them. */
export const sentItemsOf = (state: DesignerState): SentItems => ({
  Columns: state.columns.map((column) => column.uid),
  Actions: state.actions.map((action) => action.uid),
  RowActions: state.rowActions.map((action) => action.uid),
});

/** What keeps the design from being saved, found in the browser (the server checks again). */
export interface DesignProblems {
  title: 'GRID_DESIGNER.PAGE_TITLE_REQUIRED' | null;
  dataSource: 'GRID_DESIGNER.DATA_SOURCE_REQUIRED' | null;
  columns: 'GRID_DESIGNER.COLUMNS.REQUIRED' | null;
  /** Problems of columns and actions, by uid, as translation keys. */
  items: Readonly<Record<string, string[]>>;
}

export function designProblems(state: DesignerState): DesignProblems {
  const items: Record<string, string[]> = {};
  const note = (uid: string, key: string) => (items[uid] = [...(items[uid] ?? []), key]);
  for (const column of state.columns) {
    if (!column.Title.trim()) note(column.uid, 'GRID_DESIGNER.COLUMN.TITLE_REQUIRED');
  }
  for (const action of [...state.actions, ...state.rowActions]) {
    if (!action.Title.trim()) note(action.uid, 'GRID_DESIGNER.ACTION.TITLE_REQUIRED');
    if (hasUrl(action) && !action.UrlToRedirect?.trim()) {
      note(action.uid, 'GRID_DESIGNER.ACTION.URL_REQUIRED');
    }
  }
  return {
    title: state.title.trim() ? null : 'GRID_DESIGNER.PAGE_TITLE_REQUIRED',
    dataSource: state.dataSourceId > 0 ? null : 'GRID_DESIGNER.DATA_SOURCE_REQUIRED',
    columns: state.columns.length > 0 ? null : 'GRID_DESIGNER.COLUMNS.REQUIRED',
    items,
  };
}

export const hasProblems = (problems: DesignProblems) =>
  problems.title !== null ||
  problems.dataSource !== null ||
  problems.columns !== null ||
  Object.keys(problems.items).length > 0;

/**
 * The page as the engine's grid would draw it now, reading the data source's rows from the
 * generic list call. Its buttons lead nowhere: the preview must not leave the designer.
 */
export function previewPageOf(
  state: DesignerState,
  source: { name: string; key: string },
): GridPage {
  const body = saveBodyOf(state);
  const inert = <Action extends GridAction | GridRowAction>(action: Action): Action => ({
    ...action,
    UrlToRedirect: null,
  });
  return {
    ...state.page,
    PageTitle: body.PageTitle,
    DataSourceId: body.DataSourceId,
    DataSourceName: source.name,
    PkField: state.pkField || source.key,
    Columns: body.Columns.map((column) => ({ ...column, Format: column.Format ?? null })),
    Actions: (body.Actions ?? []).map(inert),
    RowActions: (body.RowActions ?? []).map(inert),
    PageSize: state.pageSize,
    DefaultSort: body.DefaultSort ?? [],
    DefaultFilter: body.DefaultFilter ?? null,
    DefaultFilterTitle: body.DefaultFilterTitle ?? null,
    CardFields: body.CardFields ?? [],
    ListUrl: previewListUrl(body.DataSourceId),
    DetailUrl: null,
    Api: { ...state.page.Api, Delete: null },
  };
}
