import type { ColumnType, GridActionType, GridColumn, RowActionType, SortKey } from '#metadata';
import type { GridPageView, SourceField } from './grid-page-api';
import { noServerErrors, type ServerErrors } from './server-errors';

// What the designer edits: the page's settings and its lists of drafts, as loaded.

/** A column being designed; `uid` tells it apart while it moves (Id is 0 for a new one). */
export interface ColumnDraft {
  uid: string;
  Id: number;
  Field: string;
  Title: string;
  Format: string | null;
  Type: ColumnType;
  Width?: number;
}

export interface ActionDraft<Type extends string = GridActionType | RowActionType> {
  uid: string;
  Id: number;
  Title: string;
  Type: Type;
  UrlToRedirect: string | null;
}

export type ActionList = 'actions' | 'rowActions';
export type ItemList = 'columns' | ActionList;

/** Everything the designer edits, and the page it was loaded from. */
export interface DesignerState {
  page: GridPageView;
  title: string;
  dataSourceId: number;
  /** The user chose another data source: its fields, once read, decide what is kept. */
  sourceChanged: boolean;
  /** The key field; '' leaves it to the data source (its key). */
  pkField: string;
  pageSize: number;
  sort: SortKey | null;
  filter: string;
  filterTitle: string;
  permission: string;
  columns: ColumnDraft[];
  actions: ActionDraft<GridActionType>[];
  rowActions: ActionDraft<RowActionType>[];
  /** The column fields of each row's card on a phone, in order (see card-fields-pane). */
  cardFields: string[];
  /** The next uid's number. */
  seq: number;
  serverErrors: ServerErrors;
}

export type ColumnPatch = Partial<Pick<ColumnDraft, 'Title' | 'Format' | 'Type'>>;
export type ActionPatch = Partial<Pick<ActionDraft, 'Title' | 'UrlToRedirect'>>;

/** Spec: 20 rows a page unless a list says otherwise; these are the sizes offered. */
export const pageSizes = [5, 10, 15, 20, 50, 100] as const;
export const defaultPageSize = 20;

/** What `/admin/grids/0` starts from: no data source yet, the usual buttons. */
export const blankGridPage: GridPageView = {
  Id: 0,
  PageTitle: '',
  DataSourceId: 0,
  DataSourceName: '',
  EntityType: '',
  PkField: '',
  SchemaDefinition: {},
  FormDefinition: null,
  Columns: [],
  Actions: [{ Id: 1, Title: 'GRID.ACTION.NEW', Type: 'New', UrlToRedirect: null, Order: 1 }],
  RowActions: [
    { Id: 1, Title: 'GRID.ACTION.EDIT', Type: 'Edit', UrlToRedirect: null, Order: 1 },
    { Id: 2, Title: 'GRID.ACTION.DELETE', Type: 'Delete', UrlToRedirect: null, Order: 2 },
  ],
  PageSize: defaultPageSize,
  DefaultSort: [],
  DefaultFilter: null,
  DefaultFilterTitle: null,
  ListUrl: '',
  DetailUrl: null,
  Api: { Get: '', Save: '', Delete: null },
  IsSystem: false,
  Version: 0,
  Permission: '',
};

const byOrder = <T extends { Order: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.Order - b.Order);

export function initialState(page: GridPageView): DesignerState {
  let seq = 0;
  const uid = () => `i${(seq += 1)}`;
  const action = <Type extends string>(item: {
    Id: number;
    Title: string;
    Type: Type;
    UrlToRedirect: string | null;
  }): ActionDraft<Type> => ({
    uid: uid(),
    Id: item.Id,
    Title: item.Title,
    Type: item.Type,
    UrlToRedirect: item.UrlToRedirect,
  });
  const columns = byOrder(page.Columns).map((column: GridColumn): ColumnDraft => ({
    uid: uid(),
    Id: column.Id,
    Field: column.Field,
    Title: column.Title,
    Format: column.Format,
    Type: column.Type,
    ...(column.Width === undefined ? {} : { Width: column.Width }),
  }));
  const [sort = null] = page.DefaultSort;
  return {
    page,
    title: page.PageTitle,
    dataSourceId: page.DataSourceId,
    sourceChanged: false,
    pkField: page.PkField,
    pageSize: page.PageSize > 0 ? page.PageSize : defaultPageSize,
    sort: sort && { Field: sort.Field, Desc: sort.Desc },
    filter: page.DefaultFilter ?? '',
    filterTitle: page.DefaultFilterTitle ?? '',
    permission: page.Permission ?? '',
    columns,
    actions: byOrder(page.Actions).map(action),
    rowActions: byOrder(page.RowActions).map(action),
    cardFields: [...(page.CardFields ?? [])],
    seq,
    serverErrors: noServerErrors,
  };
}

/** The key a page without one of its own (`''`: the data source's) addresses rows by. */
export function keyOf(fields: readonly SourceField[]): string {
  const id = fields.find((field) => field.Name === 'Id');
  return (id ?? fields.find((field) => field.IsPrimaryKey))?.Name ?? 'Id';
}

/** Fields a column can show (objects cannot), in the order the data source lists them. */
export const columnFields = (fields: readonly SourceField[]) =>
  fields.filter((field) => field.ColumnType !== null);
