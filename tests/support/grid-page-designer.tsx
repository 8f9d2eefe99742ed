import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import {
  type DataSourceFields,
  type GridColumn,
  type GridPage,
  type GridPageSave,
  gridPageEntity,
} from '#metadata';
import { useSession } from '#platform/ui';
import { gridPageOf } from '../component/admin-support';
import { fakeApi } from './fake-api';
import { aSignedInUser } from './fixtures';
import { openAppAt } from './open-app';

// The grid page designer's screen in component tests: fixtures, a fake server, its parts.

/** `odata/DataSourcesOData`: two user tables and a built-in one. */
export const dataSources = [
  { Id: 3, Name: 'Units', IsVirtual: true, IsSystem: true },
  { Id: 8, Name: 'Plant checks', IsVirtual: false, IsSystem: false },
  { Id: 7, Name: 'Site visits', IsVirtual: false, IsSystem: false },
];

const field = (
  Name: string,
  ColumnType: string | null,
  extra: Partial<DataSourceFields[number]> = {},
): DataSourceFields[number] => ({
  Name,
  Title: Name,
  Type: null,
  ColumnType,
  IsPrimaryKey: false,
  IsSystem: false,
  Required: false,
  ...extra,
});

/** `GET api/dataSources/{id}/fields` of the site visits (7) and the plant checks (8). */
export const sourceFields: Record<number, DataSourceFields> = {
  7: [
    field('Reference', 'string', { Type: 'String', IsPrimaryKey: true, Required: true }),
    field('Visited', 'date', { Type: 'Date' }),
    field('Loads', 'number', { Type: 'Number' }),
    field('Checked', 'boolean', { Type: 'Boolean' }),
    field('Site', null, { Type: 'Object' }),
    field('Id', 'integer', { IsSystem: true }),
    field('UpdatedAt', 'datetime', { IsSystem: true }),
  ],
  8: [field('Plant', 'string', { Type: 'String' }), field('Id', 'integer', { IsSystem: true })],
};

/** The rows of the site visits, as `GET api/dataSources/7/data` lists them. */
export const siteVisitRows = [
  { Id: 1, Reference: 'SV-1', Visited: '2024-05-31', Loads: 12.5, Checked: true },
  { Id: 2, Reference: 'SV-2', Visited: '2024-06-02', Loads: 3, Checked: false },
];

const column = (
  Id: number,
  Field: string,
  Type: GridColumn['Type'],
  Format: string | null = null,
) => ({
  Id,
  Field,
  Title: Field,
  Format,
  Type,
  Order: Id,
});

/** A user-defined page (1001) of the site visits: three columns, New, Edit and Delete. */
export const visitsPage = (overrides: Partial<GridPage> = {}): GridPage => ({
  Id: 1001,
  PageTitle: 'Visits',
  DataSourceId: 7,
  DataSourceName: 'Site visits',
  EntityType: 'SiteVisits',
  PkField: 'Id',
  SchemaDefinition: { type: 'object', properties: {} },
  FormDefinition: null,
  Columns: [
    column(1, 'Reference', 'string'),
    column(2, 'Visited', 'date', 'DD/MM/YYYY'),
    column(3, 'Loads', 'number'),
  ],
  Actions: [{ Id: 1, Title: 'GRID.ACTION.NEW', Type: 'New', UrlToRedirect: null, Order: 1 }],
  RowActions: [
    { Id: 1, Title: 'GRID.ACTION.EDIT', Type: 'Edit', UrlToRedirect: null, Order: 1 },
    { Id: 2, Title: 'GRID.ACTION.DELETE', Type: 'Delete', UrlToRedirect: null, Order: 2 },
  ],
  PageSize: 20,
  DefaultSort: [{ Field: 'Visited', Desc: true }],
  DefaultFilter: null,
  DefaultFilterTitle: null,
  ListUrl: '/api/grids/1001/data',
  DetailUrl: '/udt/details/1001/{id}/{mode}',
  Api: {
    Get: '/api/dataSources/7/data/{id}',
    Save: '/api/dataSources/7/data',
    Delete: '/api/dataSources/7/data/{id}',
  },
  Permission: '',
  IsSystem: false,
  Version: 3,
  ...overrides,
});

/** A built-in page (5) of the units: its data source and key are the release's. */
export const unitsPage = (): GridPage =>
  visitsPage({
    Id: 5,
    PageTitle: 'ROUTES.GRID_PAGES',
    DataSourceId: 3,
    DataSourceName: 'Units',
    Columns: [column(1, 'Code', 'string')],
    DefaultSort: [],
    IsSystem: true,
    Version: 1,
  });

type Handlers = Parameters<typeof fakeApi>[0];

/**
 * Opens the designer at `/admin/grids/{id}` for a holder of `permissions`, against a server
 * storing what it is sent (a new page gets the id 1002) unless `handlers` say else. The
 * queries of the page's loads are kept in `pageQueries`, those of the preview's rows in
 * `rowQueries`.
 */
export function openGridDesigner(
  id: number,
  handlers: Handlers = {},
  {
    permissions = ['ManageGridPages'],
    layout,
  }: { permissions?: string[]; layout?: ComponentType } = {},
) {
  const stored = new Map<number, GridPage>([
    [1001, visitsPage()],
    [5, unitsPage()],
  ]);
  const rowQueries: Record<string, string>[] = [];
  const pageQueries: string[] = [];
  const store = (body: unknown, newId: number) => {
    const sent = body as GridPageSave;
    const source = dataSources.find((candidate) => candidate.Id === sent.DataSourceId);
    const page: GridPage = {
      ...visitsPage(),
      ...(sent as Partial<GridPage>),
      Id: sent.Id || newId,
      DataSourceName: source?.Name ?? '',
      PkField: sent.PkField ?? 'Id',
      Version: (sent.Version ?? 0) + 1,
    } as GridPage;
    stored.set(page.Id, page);
    return page;
  };
  const defaults: Handlers = {
    [`GET /api/grids/${gridPageEntity.id}`]: () => gridPageOf(gridPageEntity),
    'GET /odata/GridPagesOData': () => ({ '@odata.count': 0, value: [] }),
    'GET /api/grids/*': (_body, path, url) => {
      pageQueries.push(url.search);
      return stored.get(Number(path.split('/').at(-1))) ?? new Response(null, { status: 404 });
    },
    'POST /api/grids': (body) => store(body, 1002),
    'PUT /api/grids': (body) => store(body, 0),
    'GET /odata/DataSourcesOData': () => ({
      '@odata.count': dataSources.length,
      value: dataSources,
    }),
    'GET /api/dataSources/*': (_body, path, url) => {
      const [, , , source, what] = path.split('/');
      if (what === 'fields') return sourceFields[Number(source)] ?? [];
      rowQueries.push(Object.fromEntries(url.searchParams));
      const rows = Number(source) === 7 ? siteVisitRows : [];
      return { '@odata.count': rows.length, value: rows };
    },
  };
  // The test's own handlers first: they win over the defaults, wildcards included.
  const api = fakeApi({
    ...handlers,
    ...Object.fromEntries(Object.entries(defaults).filter(([key]) => !(key in handlers))),
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: aSignedInUser(), permissions, authenticated: true, loaded: true });
  const router = openAppAt(`/admin/grids/${id}`, { layout });
  return { api, router, rowQueries, pageQueries, user: userEvent.setup() };
}

/** Opens the designer and waits for the page and its data source's fields to be on screen. */
export async function openLoaded(...args: Parameters<typeof openGridDesigner>) {
  const opened = openGridDesigner(...args);
  await screen.findByRole('region', { name: 'Columns' });
  return opened;
}

export type User = ReturnType<typeof userEvent.setup>;

export const pane = (name: string) => screen.getByRole('region', { name });
export const columns = () => within(pane('Columns'));
export const actions = () => within(pane('Actions'));
export const preview = () => within(pane('Preview'));
export const saveButton = () => screen.getByRole('button', { name: 'Save' });
/** The designer's Delete, not the preview's row buttons of that name. */
export const deleteButton = () => {
  const shown = pane('Preview');
  const button = screen
    .getAllByRole('button', { name: 'Delete' })
    .find((candidate) => !shown.contains(candidate));
  if (!button) throw new Error('The designer has no Delete button.');
  return button;
};
export const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
export const combobox = (name: string | RegExp) => screen.getByRole('combobox', { name });

/** The items of a list of the designer, by the names their drag handles give them. */
export function itemsOf(list: string) {
  const items = screen.getByRole('list', { name: list });
  return within(items)
    .queryAllByRole('button', { name: /^Move / })
    .map((handle) => handle.getAttribute('aria-label')?.replace(/^Move /, ''));
}

/** The column headers of the preview's table, in order. */
export const previewHeaders = () =>
  preview()
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim() ?? '')
    .filter(Boolean);

export const refusal = (body: Record<string, unknown>, status = 400) =>
  Response.json(body, { status });
