import type { ColumnType, GridActionType, RowActionType, SortKey } from '#metadata';
import { formatFits } from './column-formats';
import {
  type ActionDraft,
  type ActionList,
  type ActionPatch,
  type ColumnPatch,
  columnFields,
  type DesignerState,
  initialState,
  type ItemList,
} from './drafts';
import type { GridPageView, SourceField } from './grid-page-api';
import { type PageSetting, type ServerErrors, withoutErrorsOn } from './server-errors';

export type DesignerAction =
  | { type: 'load'; page: GridPageView }
  | { type: 'title'; title: string }
  | { type: 'dataSource'; id: number }
  | { type: 'fields'; dataSourceId: number; fields: readonly SourceField[] }
  | { type: 'pkField'; field: string }
  | { type: 'pageSize'; size: number }
  | { type: 'sort'; sort: SortKey | null }
  | { type: 'filter'; filter: string }
  | { type: 'filterTitle'; title: string }
  | { type: 'permission'; permission: string }
  | { type: 'addColumns'; fields: readonly SourceField[] }
  | { type: 'updateColumn'; uid: string; patch: ColumnPatch }
  | { type: 'addAction'; list: 'actions'; actionType: GridActionType }
  | { type: 'addAction'; list: 'rowActions'; actionType: RowActionType }
  | { type: 'updateAction'; list: ActionList; uid: string; patch: ActionPatch }
  | { type: 'remove'; list: ItemList; uid: string }
  | { type: 'move'; list: ItemList; uid: string; overUid: string }
  | { type: 'serverErrors'; errors: ServerErrors }
  | { type: 'cardFields'; fields: string[] };

/** The title a new action gets: the engine's own words for the type, Redirect's left to type. */
const actionTitles: Partial<Record<GridActionType | RowActionType, string>> = {
  New: 'GRID.ACTION.NEW',
  Edit: 'GRID.ACTION.EDIT',
  View: 'GRID.ACTION.VIEW',
  Delete: 'GRID.ACTION.DELETE',
  Open: 'GRID.ACTION.OPEN',
};

const freeId = (items: readonly { Id: number }[]) =>
  items.reduce((max, item) => Math.max(max, item.Id), 0) + 1;

function addColumns(state: DesignerState, fields: readonly SourceField[]): DesignerState {
  let { seq } = state;
  const columns = [...state.columns];
  for (const field of columnFields(fields)) {
    if (columns.some((column) => column.Field === field.Name)) continue;
    columns.push({
      uid: `i${(seq += 1)}`,
      Id: freeId(columns),
      Field: field.Name,
      Title: field.Title,
      Format: null,
      Type: field.ColumnType as ColumnType,
    });
  }
  return {
    ...state,
    columns,
    seq,
    serverErrors: withoutErrorsOn(state.serverErrors, { setting: 'Columns' }),
  };
}

/** What the new data source's fields keep: the columns, key and sort it still has. */
function reconciled(state: DesignerState, fields: readonly SourceField[]): DesignerState {
  const names = new Set(columnFields(fields).map((field) => field.Name));
  const keyKept = fields.some((field) => field.Name === state.pkField);
  return {
    ...state,
    sourceChanged: false,
    pkField: keyKept ? state.pkField : '',
    columns: state.columns.filter((column) => names.has(column.Field)),
    sort: state.sort && names.has(state.sort.Field) ? state.sort : null,
  };
}

function moved<Item extends { uid: string }>(items: Item[], uid: string, overUid: string) {
  const from = items.findIndex((item) => item.uid === uid);
  const to = items.findIndex((item) => item.uid === overUid);
  if (from < 0 || to < 0 || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const setting = (state: DesignerState, name: PageSetting, patch: Partial<DesignerState>) => ({
  ...state,
  ...patch,
  serverErrors: withoutErrorsOn(state.serverErrors, { setting: name }),
});

function withItems(state: DesignerState, list: ItemList, uid: string, items: unknown[]) {
  return {
    ...state,
    [list]: items,
    serverErrors: withoutErrorsOn(state.serverErrors, { item: uid }),
  } as DesignerState;
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'load':
      return initialState(action.page);
    case 'title':
      return setting(state, 'PageTitle', { title: action.title });
    case 'dataSource':
      if (action.id === state.dataSourceId) return state;
      return setting(state, 'DataSourceId', { dataSourceId: action.id, sourceChanged: true });
    case 'fields':
      if (!state.sourceChanged || action.dataSourceId !== state.dataSourceId) return state;
      return reconciled(state, action.fields);
    case 'pkField':
      return setting(state, 'PkField', { pkField: action.field });
    case 'pageSize':
      return setting(state, 'PageSize', { pageSize: action.size });
    case 'sort':
      return setting(state, 'DefaultSort', { sort: action.sort });
    case 'filter':
      return setting(state, 'DefaultFilter', { filter: action.filter });
    case 'filterTitle':
      return setting(state, 'DefaultFilterTitle', { filterTitle: action.title });
    case 'permission':
      return setting(state, 'Permission', { permission: action.permission });
    case 'addColumns':
      return addColumns(state, action.fields);
    case 'updateColumn': {
      const columns = state.columns.map((column) => {
        if (column.uid !== action.uid) return column;
        const next = { ...column, ...action.patch };
        // Another type keeps the format only where it still fits.
        return formatFits(next.Type, next.Format) ? next : { ...next, Format: null };
      });
      return withItems(state, 'columns', action.uid, columns);
    }
    case 'addAction': {
      const seq = state.seq + 1;
      const items: ActionDraft[] = state[action.list];
      const added: ActionDraft = {
        uid: `i${seq}`,
        Id: freeId(items),
        Title: actionTitles[action.actionType] ?? '',
        Type: action.actionType,
        UrlToRedirect: null,
      };
      return { ...state, seq, [action.list]: [...items, added] };
    }
    case 'updateAction': {
      const items: ActionDraft[] = state[action.list];
      const next = items.map((item) =>
        item.uid === action.uid ? { ...item, ...action.patch } : item,
      );
      return withItems(state, action.list, action.uid, next);
    }
    case 'remove': {
      const items: { uid: string }[] = state[action.list];
      const next = items.filter((item) => item.uid !== action.uid);
      return withItems(state, action.list, action.uid, next);
    }
    case 'move': {
      const items: { uid: string }[] = state[action.list];
      return withItems(state, action.list, action.uid, moved(items, action.uid, action.overUid));
    }
    case 'serverErrors':
      return { ...state, serverErrors: action.errors };
    case 'cardFields':
      return { ...state, cardFields: action.fields };
  }
}
