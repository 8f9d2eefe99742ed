import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { dataSourceEntity, type DataSourceView, defaultDataSourcePermissions } from '#metadata';
import { useSession } from '#platform/ui';
import { gridPageOf } from '../component/admin-support';
import { fakeApi } from './fake-api';
import { aSignedInUser } from './fixtures';
import { openAppAt } from './open-app';

// The data source designer's screen in component tests: fixtures, a fake server, its parts.

/** A data source with a key-less table of site visits: two texts and an array of photos. */
export const siteVisits = (overrides: Partial<DataSourceView> = {}): DataSourceView => ({
  Id: 7,
  Name: 'Site visits',
  IsVirtual: false,
  PrimaryKeyField: '',
  SchemaDefinition: {
    type: 'object',
    properties: {
      Reference: { type: 'string', title: 'Reference', maxLength: 20, 'x-field-id': 1 },
      Notes: { type: 'string', 'x-field-id': 2 },
      Photos: {
        type: 'array',
        'x-field-id': 3,
        items: { type: 'object', properties: { Caption: { type: 'string' } } },
      },
    },
    required: ['Reference'],
  },
  FormDefinition: null,
  Permissions: { ...defaultDataSourcePermissions },
  IsSystem: false,
  RowCount: 3,
  GridPages: [],
  Version: 4,
  ...overrides,
});

export const blank: DataSourceView = {
  ...siteVisits(),
  Id: 0,
  Name: '',
  SchemaDefinition: { type: 'object', properties: {} },
  RowCount: 0,
  Version: 0,
};

type Handlers = Parameters<typeof fakeApi>[0];

/**
 * Opens the designer at `/admin/dataSources/{id}` for a holder of `permissions`, against a
 * server storing what it is sent (a new data source gets the id 12) unless `handlers` say else.
 */
export function openDesigner(
  id: number,
  handlers: Handlers = {},
  permissions = ['ManageDataSources'],
) {
  const stored = new Map<string, DataSourceView>([
    ['0', blank],
    ['7', siteVisits()],
  ]);
  const store = (body: unknown, newId: number) => {
    const sent = body as Partial<DataSourceView>;
    const view = {
      ...siteVisits(),
      ...sent,
      Id: sent.Id || newId,
      Version: (sent.Version ?? 0) + 1,
    };
    stored.set(String(view.Id), view);
    return view;
  };
  const api = fakeApi({
    'GET /api/dataSources/*': (_body, path) =>
      stored.get(path.split('/').at(-1) ?? '') ?? new Response(null, { status: 404 }),
    'POST /api/dataSources': (body) => store(body, 12),
    'PUT /api/dataSources': (body) => store(body, 7),
    'GET /api/grids/21': () => gridPageOf(dataSourceEntity),
    'GET /odata/DataSourcesOData': () => ({ '@odata.count': 0, value: [] }),
    ...handlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: aSignedInUser(), permissions, authenticated: true, loaded: true });
  const router = openAppAt(`/admin/dataSources/${id}`);
  return { api, router, user: userEvent.setup() };
}

/** Opens the designer and waits for the data source to be on screen. */
export async function openLoaded(...args: Parameters<typeof openDesigner>) {
  const opened = openDesigner(...args);
  await screen.findByRole('region', { name: 'Fields' });
  return opened;
}

export const pane = (name: string) => screen.getByRole('region', { name });
export const preview = () => pane('Preview');

export const layout = () => within(pane('Form layout'));
export const fieldTree = () => within(pane('Fields'));
export const saveButton = () => screen.getByRole('button', { name: 'Save' });
export const fieldName = () => screen.getByRole('textbox', { name: 'Field name' });

/** The field types as the designer's "Add field" menu names them, by stored type. */
export const kindLabels: Record<string, string> = {
  String: 'Text',
  Integer: 'Whole number',
  Number: 'Decimal number',
  Boolean: 'Yes/No',
  Date: 'Date',
  DateTime: 'Date and time',
  Enum: 'Choice from a list',
  Array: 'Repeating group',
  Object: 'Group of fields',
};

/** Opens the field editor's "Advanced" part (the field's name), when it is closed. */
export async function openAdvanced(user: User) {
  const advanced = screen.queryByRole('button', { name: 'Advanced' });
  if (advanced) await user.click(advanced);
  await screen.findByRole('textbox', { name: 'Field name' });
}

/** Adds a field of `type` (a stored type) from the "Add field" menu and names it. */
export async function addField(user: User, name: string, type = 'String') {
  await user.click(fieldTree().getByRole('button', { name: 'Add field' }));
  await user.click(await screen.findByRole('menuitem', { name: kindLabels[type], hidden: true }));
  await openAdvanced(user);
  await user.clear(fieldName());
  await user.paste(name);
}

export type User = ReturnType<typeof userEvent.setup>;

export const refusal = (body: Record<string, unknown>, status = 400) =>
  Response.json(body, { status });
