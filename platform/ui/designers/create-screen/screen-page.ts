import type { ColumnType, DataSourceFields, GridPageSave } from '#metadata';

type SourceField = DataSourceFields[number];

/** The fields a user made (no system stamps, no Id) that a column can show, in their order. */
export const userColumnFields = (fields: readonly SourceField[]) =>
  fields.filter(
    (field) => !field.IsSystem && field.ColumnType !== null && field.ColumnType !== 'list',
  );

/**
 * The grid page "Create a screen" saves (`POST api/grids`): the data source's user fields as
 * columns titled as the fields are, the usual buttons (New; Edit and Delete on each row), 20
 * rows a page, open to everyone who may read the rows.
 */
export function screenPageOf(
  dataSourceId: number,
  title: string,
  fields: readonly SourceField[],
): GridPageSave {
  return {
    Id: 0,
    PageTitle: title.trim(),
    DataSourceId: dataSourceId,
    Columns: userColumnFields(fields).map((field, index) => ({
      Id: index + 1,
      Field: field.Name,
      Title: field.Title.trim() || field.Name,
      Format: null,
      Type: field.ColumnType as ColumnType,
      Order: index + 1,
    })),
    Actions: [{ Id: 1, Title: 'GRID.ACTION.NEW', Type: 'New', UrlToRedirect: null, Order: 1 }],
    RowActions: [
      { Id: 1, Title: 'GRID.ACTION.EDIT', Type: 'Edit', UrlToRedirect: null, Order: 1 },
      { Id: 2, Title: 'GRID.ACTION.DELETE', Type: 'Delete', UrlToRedirect: null, Order: 2 },
    ],
    PageSize: 20,
    DefaultSort: [],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Permission: '',
  };
}

/** The address of a grid page's screen. */
export const screenUrlOf = (gridPageId: number) => `/udt/grid/${gridPageId}`;
