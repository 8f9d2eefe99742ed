import type { GridColumn, GridPage, GridPageSave } from '#metadata';
import type { ApiClient } from './api-client';
import type { TestApp } from './test-app';

/**
 * The grid page designer's calls (as the admin, who holds ManageGridPages) and what
 * `grid_pages` holds, for tests that assert both the answer and the database.
 */

export const gridsUrl = '/api/grids';
export const pageUrl = (id: number) => `${gridsUrl}/${id}`;

/** A column of a save: titled by its field, in the order of its id. */
export const saveColumn = (
  Id: number,
  Field: string,
  Type: GridColumn['Type'],
  extra: Partial<NonNullable<GridPageSave['Columns']>[number]> = {},
): GridPageSave['Columns'][number] => ({
  Id,
  Field,
  Title: Field,
  Format: null,
  Type,
  Order: Id,
  ...extra,
});

/** `POST api/grids` as a user (the admin by default); the raw response. */
export const postPage = (client: ApiClient, body: GridPageSave, user = 'admin') =>
  client.post(user, gridsUrl, body);

/** `PUT api/grids` as a user (the admin by default); the raw response. */
export const putPage = (client: ApiClient, body: GridPageSave, user = 'admin') =>
  client.put(user, gridsUrl, body);

/** A page created as the admin (fails the test when refused). */
export async function createPage(client: ApiClient, body: GridPageSave): Promise<GridPage> {
  const response = await postPage(client, body);
  if (response.statusCode !== 200) {
    throw new Error(`Creating ${body.PageTitle} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<GridPage>();
}

/** A page as its designer reads it (`?design=true`, as the admin). */
export async function designedPage(client: ApiClient, id: number): Promise<GridPage> {
  const response = await client.get('admin', `${pageUrl(id)}?design=true`);
  if (response.statusCode !== 200) {
    throw new Error(`Reading page ${id} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<GridPage>();
}

/** The save body that sends a read page back (with changes): only what the designer saves. */
export function saveOf(page: GridPage, changes: Partial<GridPageSave> = {}): GridPageSave {
  return {
    Id: page.Id,
    PageTitle: page.PageTitle,
    DataSourceId: page.DataSourceId,
    PkField: page.PkField,
    Columns: page.Columns.map(({ Id, Field, Title, Format, Type, Order, Width }) => ({
      Id,
      Field,
      Title,
      Format,
      Type,
      Order,
      ...(Width === undefined ? {} : { Width }),
    })),
    Actions: page.Actions.map(({ Id, Title, Type, UrlToRedirect, Order }) => ({
      Id,
      Title,
      Type,
      UrlToRedirect,
      Order,
    })),
    RowActions: page.RowActions.map(({ Id, Title, Type, UrlToRedirect, Order }) => ({
      Id,
      Title,
      Type,
      UrlToRedirect,
      Order,
    })),
    PageSize: page.PageSize as GridPageSave['PageSize'],
    DefaultSort: page.DefaultSort,
    DefaultFilter: page.DefaultFilter,
    DefaultFilterTitle: page.DefaultFilterTitle,
    Permission: page.Permission,
    Version: page.Version,
    ...changes,
  };
}

/** The `grid_pages` row of a page, or undefined. */
export async function pageRowOf(t: TestApp, id: number) {
  return t.database.db.selectFrom('gridPages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every `grid_pages` row, by id: what a refused call must leave as it was. */
export async function allPageRows(t: TestApp) {
  return t.database.db.selectFrom('gridPages').selectAll().orderBy('id').execute();
}
