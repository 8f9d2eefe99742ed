import { onTestFinished, vi } from 'vitest';
import type { GridPage } from '#metadata';
import { configureHttp, resetHttpConfig, useSession } from '#platform/ui';
import { fakeApi } from './fake-api';
import { aSignedInUser } from './fixtures';
import { gridColumn, testGridPage } from './grid-page';
import { openAppAt } from './open-app';

/**
 * A designed grid page over a user table ("Inspections", data source 40, page 12), as the
 * server serves it: rows from `api/grids/12/data`, the generic row calls of data source 40
 * (rows keyed by the system `Id`, the page's PkField; `Code` is the table's own key field),
 * details at `/udt/details/12/{id}/{mode}`.
 */
export const inspectionsPageId = 12;
export const inspectionsSourceId = 40;
export const rowsUrl = `/api/dataSources/${inspectionsSourceId}/data`;

const readOnly = (type: string, extra: Record<string, unknown> = {}) => ({
  type: [type, 'null'],
  readOnly: true,
  ...extra,
});

export const inspectionsSchema = {
  type: 'object',
  required: ['Code', 'Inspector'],
  properties: {
    Id: { type: 'integer', title: 'Id', readOnly: true },
    Code: { type: 'string', title: 'Code', maxLength: 10 },
    Inspector: { type: 'string', title: 'Inspector', minLength: 1, maxLength: 40 },
    Axles: { type: ['integer', 'null'], title: 'Axles', minimum: 1, maximum: 9 },
    Passed: { type: ['boolean', 'null'], title: 'Passed' },
    Grade: { type: ['string', 'null'], title: 'Grade', enum: ['A', 'B', 'C', null] },
    InspectedOn: { type: ['string', 'null'], title: 'Inspected on', format: 'date' },
    CreatedAt: readOnly('string', { format: 'date-time', title: 'Created' }),
    CreatedBy: readOnly('string', { title: 'Created by' }),
    UpdatedAt: readOnly('string', { format: 'date-time', title: 'Updated' }),
    UpdatedBy: readOnly('string', { title: 'Updated by' }),
    Version: { type: 'integer', title: 'Version', readOnly: true },
  },
};

export const inspectionsFormDefinition = {
  'ui:controls': [
    { Id: 'c1', Type: 'field', Key: 'Code' },
    { Id: 'c2', Type: 'field', Key: 'Inspector' },
    { Id: 'c3', Type: 'field', Key: 'Axles' },
    { Id: 'c4', Type: 'field', Key: 'Grade' },
  ],
};

export function inspectionsPage(overrides: Partial<GridPage> = {}): GridPage {
  return testGridPage({
    Id: inspectionsPageId,
    PageTitle: 'Inspections',
    DataSourceId: inspectionsSourceId,
    DataSourceName: 'Inspections',
    EntityType: `UserTable${inspectionsSourceId}`,
    PkField: 'Id',
    SchemaDefinition: inspectionsSchema as GridPage['SchemaDefinition'],
    FormDefinition: inspectionsFormDefinition as GridPage['FormDefinition'],
    Columns: [
      gridColumn(1, 'Code', 'string'),
      gridColumn(2, 'Inspector', 'string'),
      gridColumn(3, 'Axles', 'integer'),
      gridColumn(4, 'Passed', 'boolean'),
      gridColumn(5, 'Grade', 'string'),
      gridColumn(6, 'InspectedOn', 'date', { Title: 'Inspected on' }),
      gridColumn(7, 'UpdatedBy', 'string', { Title: 'Updated by' }),
    ],
    Actions: [
      { Id: 1, Title: 'New', Type: 'New', UrlToRedirect: null, Order: 1 },
      { Id: 2, Title: 'Weather', Type: 'Redirect', UrlToRedirect: '/weather', Order: 2 },
    ],
    RowActions: [
      { Id: 3, Title: 'Edit', Type: 'Edit', UrlToRedirect: null, Order: 1 },
      { Id: 4, Title: 'View', Type: 'View', UrlToRedirect: null, Order: 2 },
      { Id: 5, Title: 'Delete', Type: 'Delete', UrlToRedirect: null, Order: 3 },
      {
        Id: 6,
        Title: 'Inspect',
        Type: 'Open',
        UrlToRedirect: `/udt/details/${inspectionsPageId}/{id}/view`,
        Order: 4,
      },
    ],
    PageSize: 20,
    ListUrl: `/api/grids/${inspectionsPageId}/data`,
    DetailUrl: `/udt/details/${inspectionsPageId}/{id}/{mode}`,
    Api: {
      Get: `${rowsUrl}/{id}`,
      Save: rowsUrl,
      Delete: `DELETE ${rowsUrl}/{id}`,
    },
    Permission: '',
    ...overrides,
  });
}

export type Inspection = Record<string, unknown> & { Id: number; Version: number };

export const inspection = (overrides: Partial<Inspection> = {}): Inspection => ({
  Id: 1,
  Code: 'INS-1',
  Inspector: 'Alice',
  Axles: 2,
  Passed: true,
  Grade: 'A',
  InspectedOn: '2026-03-01',
  CreatedAt: '2026-03-01T08:00:00.000Z',
  CreatedBy: 'admin',
  UpdatedAt: '2026-03-02T09:30:00.000Z',
  UpdatedBy: 'manager',
  Version: 3,
  ...overrides,
});

export const secondInspection = () =>
  inspection({ Id: 2, Code: 'INS-2', Inspector: 'Dan', Axles: 3, Grade: 'B', Version: 1 });

type Handlers = Parameters<typeof fakeApi>[0];

/**
 * Opens the app at `url` for a signed-in user with the Inspections page and its rows faked
 * (`handlers` add to or replace them).
 */
export function openInspections(
  url: string,
  {
    page = inspectionsPage(),
    rows = [inspection(), secondInspection()],
    handlers = {},
  }: { page?: GridPage; rows?: Inspection[]; handlers?: Handlers } = {},
) {
  const api = fakeApi({
    [`GET /api/grids/${inspectionsPageId}`]: () => page,
    [`GET /api/grids/${inspectionsPageId}/data`]: () => ({
      '@odata.count': rows.length,
      value: rows,
    }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser(),
    permissions: [],
    authenticated: true,
    loaded: true,
  });
  const router = openAppAt(url);
  // As the app wires it at start-up: the client's global handling navigates with the router.
  configureHttp({ navigate: (path) => void router.navigate(path) });
  onTestFinished(resetHttpConfig);
  return { api, router };
}

/** The row a `{ Id, Json }` body of the generic row calls carries. */
export function sentRow(body: unknown): Record<string, unknown> {
  const { Json } = body as { Json: string };
  return JSON.parse(Json) as Record<string, unknown>;
}
