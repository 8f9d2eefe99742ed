import userEvent from '@testing-library/user-event';
import {
  dataSourceEntity,
  defaultDataSourcePermissions,
  type Snapshot,
  type SnapshotChange,
  snapshotFormat,
} from '#metadata';
import { openAdminScreen } from '../component/admin-support';
import type { fakeApi } from './fake-api';

// The snapshots of user tables on the list of data sources: fixtures and a fake server.

export const snapshotUrl = '/api/dataSources/snapshot';
export const previewUrl = `${snapshotUrl}/preview`;
export const importUrl = `${snapshotUrl}/import`;
export const listUrl = dataSourceEntity.grid.ListUrl;

/** A snapshot of two user tables: site visits (one text) and plant checks (a date). */
export const aSnapshot = (): Snapshot => ({
  Format: snapshotFormat,
  Version: 1,
  ExportedAt: '2026-05-01T09:30:00.000Z',
  DataSources: [
    {
      Name: 'Site visits',
      PrimaryKeyField: '',
      SchemaDefinition: { type: 'object', properties: { Reference: { type: 'string' } } },
      FormDefinition: null,
      Permissions: { ...defaultDataSourcePermissions },
    },
    {
      Name: 'Plant checks',
      PrimaryKeyField: '',
      SchemaDefinition: { type: 'object', properties: { CheckedOn: { type: 'string' } } },
      FormDefinition: null,
      Permissions: { ...defaultDataSourcePermissions },
    },
  ],
});

/** What importing one data source would do: nothing, unless overridden. */
export const aChange = (overrides: Partial<SnapshotChange> = {}): SnapshotChange => ({
  Name: 'Site visits',
  Action: 'Unchanged',
  AddedFields: [],
  RemovedFields: [],
  ChangedFields: [],
  FormChanged: false,
  PermissionsChanged: false,
  Destructive: false,
  Problems: [],
  ...overrides,
});

/** A JSON file as the user picks it. */
export const jsonFile = (content: unknown, name = 'data-sources-2026-05-01.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, {
    type: 'application/json',
  });

type Handlers = Parameters<typeof fakeApi>[0];

/** Opens `/admin/dataSources` for a holder of `permissions`, listing one user table. */
export function openDataSources(handlers: Handlers = {}, permissions = ['ManageDataSources']) {
  const opened = openAdminScreen(dataSourceEntity.screens.list, {
    entity: dataSourceEntity,
    permissions,
    handlers: {
      [`GET ${listUrl}`]: () => ({
        '@odata.count': 1,
        value: [{ Id: 1000, Name: 'Site visits', IsVirtual: false, IsSystem: false }],
      }),
      ...handlers,
    },
  });
  return { ...opened, user: userEvent.setup() };
}

/** The `$filter` of each request for the list's rows, in order. */
export function listFilters(api: ReturnType<typeof fakeApi>) {
  return api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === listUrl)
    .map((url) => url.searchParams.get('$filter'));
}
