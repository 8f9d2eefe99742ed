import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataSourceView, type GridPage, type SettingsLoadResult, unitEntity } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createPage, saveColumn } from '../support/grid-pages';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSource, insertRow } from '../support/user-tables';

/**
 * What a client reads back, it can save (issue 33): for every pair of a read call and its save
 * call (the spec's and the designers'), the answer of the read sent back to the save (as-is, or
 * in the shape the save takes where the spec wraps it) is a 200 that changes nothing but the
 * row's version; a read-only field whose value contradicts the row is a 400 naming it.
 */

type Json = Record<string, unknown>;

interface Pair {
  name: string;
  read: () => string;
  /** Who reads and saves; the admin unless the call is about the caller's own rows. */
  user?: string;
  /** What must not change, when the read itself differs on each call (an export's time). */
  watch?: () => string;
  /** The read's method, when it is not a GET (settings/load is a POST). */
  readMethod?: 'POST';
  save: { method: 'POST' | 'PUT'; url: () => string };
  /** The save's body from the read's answer (the answer itself unless the spec wraps it). */
  body?: (read: Json) => unknown;
  headers?: (response: LightMyRequestResponse) => Record<string, string>;
  /** What the save answers on success, beyond its 200. */
  succeeded?: (answer: Json) => void;
}

/**
 * What changes on a save that changes nothing else: versions and update stamps (a delivery's
 * state is recomputed on every write).
 */
const bookkeeping = /^(Version|Versions|UpdatedAt|UpdatedBy|StateComputedAt)$/;

function fingerprint(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fingerprint);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !bookkeeping.test(key))
      .map(([key, inner]) => [key, fingerprint(inner)]),
  );
}

let t: TestApp;
let client: ApiClient;
let source: DataSourceView;
let page: GridPage;
let rowId: number;
const ids: Record<string, number> = {};

const cookies = new Map<string, string>();
const callAs = async (
  user: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers = {},
) => {
  if (!cookies.has(user)) cookies.set(user, await signIn(t.app, user));
  return t.app.inject({
    method,
    url,
    headers: { 'sec-fetch-site': 'same-origin', cookie: cookies.get(user)!, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
};
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers = {}) =>
  callAs('admin', method, url, body, headers);

async function firstId(url: string, key = 'Id'): Promise<number> {
  const response = await client.get('admin', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const answer = response.json<Json | Json[]>();
  const rows = Array.isArray(answer) ? answer : ((answer.value ?? answer.Items) as Json[]);
  const id = rows[0]?.[key];
  if (typeof id !== 'number') throw new Error(`${url} answered no row`);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  source = await createSource(client, {
    Name: 'Round trips',
    SchemaDefinition: {
      type: 'object',
      properties: {
        Site: { type: 'string', maxLength: 50 },
        Visited: { type: 'string', format: 'date' },
        Crew: { type: 'integer' },
      },
      required: ['Site'],
    },
  });
  rowId = (await insertRow(client, source.Id, { Site: 'North', Visited: '2026-01-02', Crew: 3 }))
    .Id;
  page = await createPage(client, {
    PageTitle: 'Round trip visits',
    DataSourceId: source.Id,
    Columns: [saveColumn(1, 'Site', 'string'), saveColumn(2, 'Crew', 'integer')],
  });
  ids.user = await firstId('/api/users/GetAllUsers');
  ids.role = await firstId('/api/roles/GetAllRoles');
  ids.permission = await firstId('/api/permissions/GetAllPermissions');
  ids.company = await firstId('/api/companies/GetAllCompanies');
  ids.group = await firstId('/api/groups/GetAllGroups');
  ids.unit = await firstId('/api/units/GetUnits');
  ids.material = await firstId('/odata/MaterialsOData?$top=1');
  ids.template = await firstId('/odata/TemplatesOData?$top=1');
  ids.delivery = await firstId(
    '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser?$top=1',
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const pairs: Pair[] = [
  {
    name: 'GetUserById -> SaveUser',
    read: () => `/api/users/GetUserById/${ids.user}`,
    save: { method: 'POST', url: () => '/api/users/SaveUser' },
    succeeded: (answer) => expect(answer.Succeeded).toBe(true),
  },
  {
    name: 'GetCurrentUser -> UpdateUser',
    read: () => '/api/users/GetCurrentUser',
    save: { method: 'POST', url: () => '/api/Users/UpdateUser' },
    body: (user) => ({
      id: user.Id,
      name: user.Name,
      firstName: user.FirstName,
      surname: user.Surname,
      languageId: user.Language ?? '',
    }),
    succeeded: (answer) => expect(answer.Succeeded).toBe(true),
  },
  {
    name: 'GetRoleById -> SaveRole',
    read: () => `/api/roles/GetRoleById/${ids.role}`,
    save: { method: 'POST', url: () => '/api/Roles/SaveRole' },
  },
  {
    name: 'GetDeledatedRoles/{id} -> UpdateDelegatedRoles/{id}',
    read: () => `/api/roles/GetDeledatedRoles/${ids.role}`,
    save: { method: 'PUT', url: () => `/api/Roles/UpdateDelegatedRoles/${ids.role}` },
  },
  {
    name: 'GetPermissionById -> SavePermission',
    read: () => `/api/permissions/GetPermissionById/${ids.permission}`,
    save: { method: 'POST', url: () => '/api/permissions/SavePermission' },
  },
  {
    name: 'GetCompanyById -> SaveCompany',
    read: () => `/api/companies/GetCompanyById/${ids.company}`,
    save: { method: 'POST', url: () => '/api/companies/SaveCompany' },
  },
  {
    name: 'GET api/company -> POST api/company (own company)',
    user: 'companyadmin',
    read: () => '/api/company',
    save: { method: 'POST', url: () => '/api/company' },
  },
  {
    name: 'GetGroupById -> SaveGroup',
    read: () => `/api/groups/GetGroupById/${ids.group}`,
    save: { method: 'POST', url: () => '/api/groups/SaveGroup' },
  },
  {
    name: 'GetUnitById -> SaveUnit',
    read: () => `/api/units/GetUnitById/${ids.unit}`,
    save: { method: 'POST', url: () => '/api/units/SaveUnit' },
  },
  {
    name: 'GetMaterialById -> SaveMaterial',
    read: () => `/api/materials/GetMaterialById/${ids.material}`,
    save: { method: 'POST', url: () => '/api/materials/SaveMaterial' },
  },
  {
    name: 'GetTemplateById -> SaveTemplate',
    read: () => `/api/EmailTemplate/GetTemplateById/${ids.template}`,
    save: { method: 'POST', url: () => '/api/EmailTemplate/SaveTemplate' },
  },
  {
    name: 'GetDeliveryById -> SaveDelivery',
    read: () => `/api/Deliveries/GetDeliveryById/${ids.delivery}`,
    save: { method: 'POST', url: () => '/api/Deliveries/SaveDelivery' },
  },
  {
    name: 'GetMenu -> SaveMenu',
    read: () => '/api/menu/GetMenu?language=en-gb&all=true',
    save: { method: 'POST', url: () => '/api/menu/SaveMenu' },
    body: (items) => ({ Language: 'en-gb', MenuItems: items }),
    headers: (response) => ({ 'if-match': String(response.headers.etag) }),
  },
  {
    name: 'settings/load -> settings/save',
    read: () => '/api/settings/load',
    readMethod: 'POST',
    save: { method: 'POST', url: () => '/api/settings/save' },
    body: (loaded) => {
      const settings = (loaded as unknown as SettingsLoadResult).Sections.flatMap(
        (section) => section.Settings,
      );
      const values = settings.filter((setting) => setting.IsSet === undefined);
      return {
        Values: Object.fromEntries(values.map((setting) => [setting.Key, setting.Value])),
        Versions: Object.fromEntries(values.map((setting) => [setting.Key, setting.Version])),
      };
    },
  },
  {
    name: 'GetTranslationsByLanguage -> UpdateTranslations',
    read: () => '/api/Language/GetTranslationsByLanguage?language=en-gb',
    save: { method: 'PUT', url: () => '/api/Language/UpdateTranslations' },
    body: (rows) => ({
      Language: 'en-gb',
      Items: (rows as unknown as Json[])
        .slice(0, 5)
        .map((row) => ({ ...row, OldTranslation: row.Translation })),
    }),
  },
  {
    name: 'GET api/grids/{id}?design=true -> PUT api/grids',
    read: () => `/api/grids/${page.Id}?design=true`,
    save: { method: 'PUT', url: () => '/api/grids' },
  },
  {
    name: 'GET api/grids/{id} (the screen) -> PUT api/grids',
    read: () => `/api/grids/${page.Id}`,
    save: { method: 'PUT', url: () => '/api/grids' },
  },
  {
    name: 'GET api/grids/{id} (built-in page) -> PUT api/grids',
    read: () => '/api/grids/1?design=true',
    save: { method: 'PUT', url: () => '/api/grids' },
  },
  {
    name: 'GET api/dataSources/{id} -> PUT api/dataSources',
    read: () => `/api/dataSources/${source.Id}`,
    save: { method: 'PUT', url: () => '/api/dataSources' },
  },
  {
    name: 'GET api/dataSources/snapshot -> POST api/dataSources/snapshot/import',
    read: () => `/api/dataSources/snapshot?ids=${source.Id}`,
    watch: () => `/api/dataSources/${source.Id}`,
    save: { method: 'POST', url: () => '/api/dataSources/snapshot/import' },
    body: (snapshot) => ({ Snapshot: snapshot }),
  },
  {
    name: 'GET api/dataSources/{id}/data/{rowId} -> PUT api/dataSources/{id}/data',
    read: () => `/api/dataSources/${source.Id}/data/${rowId}`,
    save: { method: 'PUT', url: () => `/api/dataSources/${source.Id}/data` },
    body: (row) => ({ Json: row }),
  },
  {
    name: 'GET api/dataSources/{id}/data/{rowId} (a built-in entity) -> PUT',
    read: () => `/api/dataSources/${unitEntity.id}/data/${ids.unit}`,
    save: { method: 'PUT', url: () => `/api/dataSources/${unitEntity.id}/data` },
    body: (row) => ({ Id: row.Id, Json: JSON.stringify(row) }),
  },
];

describe('a read sent back to its save', () => {
  it.each(pairs)('$name: 200, and nothing changes but the version', async (pair) => {
    const user = pair.user ?? 'admin';
    const readOnce = () => callAs(user, pair.readMethod ?? 'GET', pair.read());
    const watched = async () =>
      (pair.watch ? await callAs(user, 'GET', pair.watch()) : await readOnce()).json<unknown>();
    const before = await watched();
    const read = await readOnce();
    expect(read.statusCode, read.body).toBe(200);
    const answer = read.json<Json>();
    const body = pair.body ? pair.body(answer) : answer;
    const saved = await callAs(user, pair.save.method, pair.save.url(), body, pair.headers?.(read));
    expect(saved.statusCode, saved.body).toBe(200);
    pair.succeeded?.(saved.json());
    expect(fingerprint(await watched())).toEqual(fingerprint(before));
  });
});

describe('a read-only field that contradicts the row', () => {
  const refusals = () => [
    {
      name: 'a designed grid page sent back as built-in',
      read: `/api/grids/${page.Id}?design=true`,
      save: { method: 'PUT' as const, url: '/api/grids' },
      change: (read: Json) => ({ ...read, IsSystem: true }),
      field: 'IsSystem',
    },
    {
      name: 'a grid page sent back over another entity',
      read: `/api/grids/${page.Id}?design=true`,
      save: { method: 'PUT' as const, url: '/api/grids' },
      change: (read: Json) => ({ ...read, EntityType: 'Units' }),
      field: 'EntityType',
    },
    {
      name: 'a new grid page sent as built-in',
      read: `/api/grids/${page.Id}?design=true`,
      save: { method: 'POST' as const, url: '/api/grids' },
      change: (read: Json) => ({ ...read, Id: 0, PageTitle: 'A copy', IsSystem: true }),
      field: 'IsSystem',
    },
    {
      name: 'a user table sent back as built-in',
      read: `/api/dataSources/${source.Id}`,
      save: { method: 'PUT' as const, url: '/api/dataSources' },
      change: (read: Json) => ({ ...read, IsSystem: true }),
      field: 'IsSystem',
    },
    {
      name: 'a row whose key is not the Id sent with it',
      read: `/api/dataSources/${source.Id}/data/${rowId}`,
      save: { method: 'PUT' as const, url: `/api/dataSources/${source.Id}/data` },
      change: (read: Json) => ({ Id: rowId, Json: { ...read, Id: rowId + 1, Site: 'South' } }),
      field: 'Id',
    },
  ];

  it('is a 400 naming the field, and changes nothing', async () => {
    for (const refusal of refusals()) {
      const read = await asAdmin('GET', refusal.read);
      const answer = read.json<Json>();
      const saved = await asAdmin(refusal.save.method, refusal.save.url, refusal.change(answer));
      expect(saved.statusCode, `${refusal.name}: ${saved.body}`).toBe(400);
      const fields = saved.json<{ Errors?: { Field: string }[] }>();
      expect(JSON.stringify(fields), refusal.name).toContain(`"Field":"${refusal.field}"`);
      expect((await asAdmin('GET', refusal.read)).json(), refusal.name).toEqual(answer);
    }
  });

  it('still refuses a field no read answers', async () => {
    const read = (await asAdmin('GET', `/api/grids/${page.Id}?design=true`)).json<Json>();
    const saved = await asAdmin('PUT', '/api/grids', { ...read, Colour: 'red' });
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toContain('Colour');
    expect(saved.body).toContain('is not an accepted field');
    const source_ = (await asAdmin('GET', `/api/dataSources/${source.Id}`)).json<Json>();
    const refused = await asAdmin('PUT', '/api/dataSources', { ...source_, Colour: 'red' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Colour');
  });
});
