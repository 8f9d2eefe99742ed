import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DataSourceView,
  deliveryEntity,
  type EntityDefinition,
  type GridPage,
  type GridPageSave,
  unitEntity,
} from '#metadata';
import { syncSystemDefinitions } from '../../server/engine/system-definitions';
import { apiClient, type ApiClient } from '../support/api-client';
import { giveOnlyRole } from '../support/deliveries';
import {
  allPageRows,
  createPage,
  designedPage,
  pageRowOf,
  pageUrl,
  postPage,
  putPage,
  saveColumn,
  saveOf,
} from '../support/grid-pages';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogOf, createSource, errorOf, readSource } from '../support/user-tables';

/**
 * The grid page designer over HTTP (`POST`, `PUT`, `DELETE api/grids`): a page is checked
 * against its data source (fields, types, formats, sort, default filter, permission, URLs,
 * ids), every refusal is a 400 naming the field and changes nothing, a stale save is a 409,
 * each change is change-logged, and a built-in page is edited the same way, its changes kept
 * when the release upgrades it.
 */

let t: TestApp;
let client: ApiClient;
let source: DataSourceView;
let locked: DataSourceView;

const visitsSchema = {
  type: 'object',
  properties: {
    Site: { type: 'string' },
    Visited: { type: 'string', format: 'date' },
    Arrived: { type: 'string', format: 'date-time' },
    Hours: { type: 'number' },
    Crew: { type: 'integer' },
    Checked: { type: 'boolean' },
    Photos: {
      type: 'array',
      items: { type: 'object', properties: { Caption: { type: 'string' } } },
    },
    Address: { type: 'object', properties: { Town: { type: 'string' } } },
  },
};

const pageOf = (title: string, changes: Partial<GridPageSave> = {}): GridPageSave => ({
  PageTitle: title,
  DataSourceId: source.Id,
  Columns: [
    saveColumn(1, 'Site', 'string', { Title: 'Site name' }),
    saveColumn(2, 'Visited', 'date', { Format: 'DD/MM/YYYY' }),
    saveColumn(3, 'Hours', 'number', { Format: '0.00' }),
    saveColumn(4, 'Checked', 'boolean', { Format: 'yesno' }),
  ],
  Actions: [{ Id: 1, Title: 'GRID.ACTION.NEW', Type: 'New', UrlToRedirect: null, Order: 1 }],
  RowActions: [
    { Id: 1, Title: 'GRID.ACTION.EDIT', Type: 'Edit', UrlToRedirect: null, Order: 1 },
    { Id: 2, Title: 'Map', Type: 'Open', UrlToRedirect: '/udt/grid/1000?site={id}', Order: 2 },
  ],
  PageSize: 50,
  DefaultSort: [{ Field: 'Visited', Desc: true }],
  DefaultFilter: "Site ne 'Closed'",
  DefaultFilterTitle: 'Open sites',
  Permission: 'ViewReports,ManageGridPages',
  ...changes,
});

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  source = await createSource(client, {
    Name: 'Crew visits',
    SchemaDefinition: visitsSchema,
    Permissions: {
      read: 'ViewDeliveries',
      create: 'ManageDataSources',
      update: 'ManageDataSources',
      delete: 'ManageDataSources',
    },
  });
  locked = await createSource(client, {
    Name: 'Payroll',
    SchemaDefinition: { type: 'object', properties: { Amount: { type: 'number' } } },
    Permissions: {
      read: 'ManageDataSources',
      create: 'ManageDataSources',
      update: 'ManageDataSources',
      delete: 'ManageDataSources',
    },
  });
  // A page designer who may read the crew visits (staff) but not the payroll.
  await giveOnlyRole(t.database.db, 'employee2', 'Page designers', [
    'ManageGridPages',
    'ViewDeliveries',
  ]);
});
afterAll(() => t.close());

describe('creating a page', () => {
  it('stores it as checked, fills its URLs and calls from the data source, and logs it', async () => {
    const response = await postPage(client, pageOf('Crew visits'));
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<GridPage>();
    expect(page.Id).toBeGreaterThanOrEqual(1000);
    expect(page).toMatchObject({
      PageTitle: 'Crew visits',
      DataSourceId: source.Id,
      DataSourceName: 'Crew visits',
      EntityType: `UserTable${source.Id}`,
      PkField: 'Id',
      ListUrl: `/api/grids/${page.Id}/data`,
      DetailUrl: `/udt/details/${page.Id}/{id}/{mode}`,
      Api: {
        Get: `/api/dataSources/${source.Id}/data/{id}`,
        Save: `/api/dataSources/${source.Id}/data`,
        Delete: `DELETE /api/dataSources/${source.Id}/data/{id}`,
      },
      PageSize: 50,
      DefaultSort: [{ Field: 'Visited', Desc: true }],
      DefaultFilter: "Site ne 'Closed'",
      DefaultFilterTitle: 'Open sites',
      Permission: 'ViewReports,ManageGridPages',
      IsSystem: false,
      Version: 1,
    });
    expect(page.Columns.map((c) => [c.Field, c.Title, c.Type, c.Format])).toEqual([
      ['Site', 'Site name', 'string', null],
      ['Visited', 'Visited', 'date', 'DD/MM/YYYY'],
      ['Hours', 'Hours', 'number', '0.00'],
      ['Checked', 'Checked', 'boolean', 'yesno'],
    ]);
    // The actions that need a permission of the data source say which, for the screen.
    expect(page.Actions[0]).toMatchObject({ Type: 'New', Permission: 'ManageDataSources' });
    expect(page.RowActions.map((a) => a.Permission)).toEqual(['ManageDataSources', undefined]);

    const stored = await pageRowOf(t, page.Id);
    expect(stored).toMatchObject({
      pageTitle: 'Crew visits',
      dataSourceId: source.Id,
      pkField: 'Id',
      listUrl: `/api/grids/${page.Id}/data`,
      detailUrl: `/udt/details/${page.Id}/{id}/{mode}`,
      permission: 'ViewReports,ManageGridPages',
      isSystem: false,
      version: 1,
    });
    expect((stored!.columns as { Field: string }[]).map((c) => c.Field)).toEqual([
      'Site',
      'Visited',
      'Hours',
      'Checked',
    ]);
    const log = await changeLogOf(t, 'GridPage', page.Id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actionType: 0, userName: 'admin' });
    expect(JSON.stringify(log[0]!.changes)).toContain('PageTitle: Crew visits');
    expect((await readSource(client, source.Id)).GridPages).toEqual([
      { Id: page.Id, PageTitle: 'Crew visits' },
    ]);
  });

  it('takes system fields as columns and the key as absent PkField', async () => {
    const page = await createPage(
      client,
      pageOf('Visit audit', {
        Columns: [
          saveColumn(1, 'Id', 'integer', { Format: '0' }),
          saveColumn(2, 'CreatedAt', 'datetime', { Format: 'DD/MM/YYYY HH:mm' }),
          saveColumn(3, 'UpdatedBy', 'string'),
          saveColumn(4, 'Crew', 'number', { Format: '#,##0.0' }),
          saveColumn(5, 'Photos', 'list'),
        ],
        Actions: [],
        RowActions: [],
        DefaultSort: [],
        DefaultFilter: null,
        Permission: '',
      }),
    );
    expect(page.PkField).toBe('Id');
    expect(page.Permission).toBe('');
    expect(page.Columns.map((c) => c.Field)).toEqual([
      'Id',
      'CreatedAt',
      'UpdatedBy',
      'Crew',
      'Photos',
    ]);
  });

  it('refuses a title already taken, whatever its case, as AlreadyExists', async () => {
    const before = await allPageRows(t);
    for (const title of ['CREW VISITS', 'routes.units']) {
      const response = await postPage(client, pageOf(title));
      expect(response.statusCode, title).toBe(400);
      expect(errorOf(response)).toMatchObject({
        Message: 'There is already grid page with this title.',
        AlreadyExists: true,
        Errors: [{ Field: 'PageTitle', Message: 'There is already grid page with this title.' }],
      });
    }
    expect(await allPageRows(t)).toEqual(before);
  });

  it('refuses a POST that names an id', async () => {
    const response = await postPage(client, { ...pageOf('With id'), Id: 5 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).Errors).toEqual([
      { Field: 'Id', Message: 'must be 0 or absent to create a grid page' },
    ]);
  });
});

describe('every refusal names its field and changes nothing', () => {
  const columns = (column: GridPageSave['Columns'][number]) => ({ Columns: [column] });
  const url = (Type: 'Redirect' | 'Open' | 'New' | 'Edit', UrlToRedirect: string | null) => ({
    [Type === 'Redirect' || Type === 'New' ? 'Actions' : 'RowActions']: [
      { Id: 1, Title: 'Go', Type, UrlToRedirect, Order: 1 },
    ],
  });
  const cases: [string, Partial<GridPageSave>, string, RegExp][] = [
    ['an absent data source', { DataSourceId: 999_999 }, 'DataSourceId', /no data source/],
    [
      'an unknown field',
      columns(saveColumn(1, 'Nope', 'string')),
      'Columns/0/Field',
      /not a field/,
    ],
    [
      'an object field',
      columns(saveColumn(1, 'Address', 'string')),
      'Columns/0/Field',
      /cannot be shown/,
    ],
    [
      'a type the field is not',
      columns(saveColumn(1, 'Site', 'integer')),
      'Columns/0/Type',
      /'string'/,
    ],
    [
      'a date shown as text',
      columns(saveColumn(1, 'Visited', 'string')),
      'Columns/0/Type',
      /'date'/,
    ],
    [
      'a number shown as integer',
      columns(saveColumn(1, 'Hours', 'integer')),
      'Columns/0/Type',
      /'number'/,
    ],
    [
      'a bad date pattern',
      columns(saveColumn(1, 'Visited', 'date', { Format: 'banana' })),
      'Columns/0/Format',
      /date pattern/,
    ],
    [
      'a time in a date pattern',
      columns(saveColumn(1, 'Visited', 'date', { Format: 'DD/MM/YYYY HH:mm' })),
      'Columns/0/Format',
      /date pattern/,
    ],
    [
      'a bad decimals format',
      columns(saveColumn(1, 'Hours', 'number', { Format: '0.0x' })),
      'Columns/0/Format',
      /decimals/,
    ],
    [
      'decimals on an integer',
      columns(saveColumn(1, 'Crew', 'integer', { Format: '0.00' })),
      'Columns/0/Format',
      /'0' or '#,##0'/,
    ],
    [
      'a bad boolean format',
      columns(saveColumn(1, 'Checked', 'boolean', { Format: 'maybe' })),
      'Columns/0/Format',
      /yesno/,
    ],
    [
      'a format on text',
      columns(saveColumn(1, 'Site', 'string', { Format: 'upper' })),
      'Columns/0/Format',
      /no format/,
    ],
    [
      'a column id used twice',
      { Columns: [saveColumn(1, 'Site', 'string'), saveColumn(1, 'Hours', 'number')] },
      'Columns/1/Id',
      /used twice/,
    ],
    [
      'a field shown twice',
      { Columns: [saveColumn(1, 'Site', 'string'), saveColumn(2, 'Site', 'string')] },
      'Columns/1/Field',
      /shown twice/,
    ],
    [
      'an action id used twice',
      {
        RowActions: [
          { Id: 3, Title: 'A', Type: 'Edit', UrlToRedirect: null, Order: 1 },
          { Id: 3, Title: 'B', Type: 'View', UrlToRedirect: null, Order: 2 },
        ],
      },
      'RowActions/1/Id',
      /used twice/,
    ],
    ['a key that does not address rows', { PkField: 'Site' }, 'PkField', /must be Id/],
    ['an unknown key', { PkField: 'Nope' }, 'PkField', /not a field/],
    [
      'a sort by an unknown field',
      { DefaultSort: [{ Field: 'Nope', Desc: false }] },
      'DefaultSort/0/Field',
      /not a field/,
    ],
    [
      'a sort by a list',
      { DefaultSort: [{ Field: 'Photos', Desc: false }] },
      'DefaultSort/0/Field',
      /cannot be sorted/,
    ],
    [
      'a filter on an unknown field',
      { DefaultFilter: "Nope eq 'x'" },
      'DefaultFilter',
      /unknown field 'Nope'/,
    ],
    ['a filter that does not parse', { DefaultFilter: 'Site eq' }, 'DefaultFilter', /./],
    ['a filter of the wrong type', { DefaultFilter: "Hours eq 'many'" }, 'DefaultFilter', /./],
    [
      'a permission with an empty entry',
      { Permission: 'ViewReports,,ManageUsers' },
      'Permission',
      /empty entry/,
    ],
    [
      'a permission that is not one',
      { Permission: 'View Reports; drop' },
      'Permission',
      /not a permission/,
    ],
    ['a Redirect without a URL', url('Redirect', null), 'Actions/0/UrlToRedirect', /required/],
    ['an Open without a URL', url('Open', null), 'RowActions/0/UrlToRedirect', /required/],
    [
      'a URL with a scheme',
      url('Redirect', 'https://evil.example/'),
      'Actions/0/UrlToRedirect',
      /path on this site/,
    ],
    [
      'a protocol-relative URL',
      url('Open', '//evil.example/x'),
      'RowActions/0/UrlToRedirect',
      /path on this site/,
    ],
    [
      'a backslash URL',
      url('Open', '/\\evil.example'),
      'RowActions/0/UrlToRedirect',
      /path on this site/,
    ],
    [
      'a script URL',
      url('Redirect', 'javascript:alert(1)'),
      'Actions/0/UrlToRedirect',
      /path on this site/,
    ],
    ['a URL on an Edit', url('Edit', '/somewhere'), 'RowActions/0/UrlToRedirect', /must be empty/],
    ['a URL on New', url('New', '/somewhere'), 'Actions/0/UrlToRedirect', /must be empty/],
    ['a blank title', { PageTitle: '   ' }, 'PageTitle', /required/],
  ];

  for (const [what, changes, field, message] of cases) {
    it(`refuses ${what} (${field})`, async () => {
      const before = await allPageRows(t);
      const response = await postPage(client, pageOf(`Refused: ${what}`, changes));
      expect(response.statusCode, response.body).toBe(400);
      const body = errorOf(response);
      const error = body.Errors.find((e) => e.Field === field);
      expect(error, response.body).toBeDefined();
      expect(error!.Message).toMatch(message);
      expect(body.Message).toContain(body.Errors[0]!.Field);
      expect(await allPageRows(t)).toEqual(before);
    });
  }

  it('refuses a data source the designer may not read, and lets them use one they may', async () => {
    const before = await allPageRows(t);
    const refused = await postPage(
      client,
      pageOf('Payroll page', {
        DataSourceId: locked.Id,
        Columns: [saveColumn(1, 'Amount', 'number')],
        DefaultSort: [],
        DefaultFilter: null,
      }),
      'employee2',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).Errors).toEqual([
      { Field: 'DataSourceId', Message: 'you may not read the rows of Payroll' },
    ]);
    expect(await allPageRows(t)).toEqual(before);
    const allowed = await postPage(client, pageOf('Visits for crews'), 'employee2');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const log = await changeLogOf(t, 'GridPage', allowed.json<GridPage>().Id);
    expect(log[0]).toMatchObject({ actionType: 0, userName: 'employee2' });
  });

  it('refuses the designer calls to those without ManageGridPages, changing nothing', async () => {
    const page = await designedPage(client, (await createPage(client, pageOf('Guarded'))).Id);
    const before = await allPageRows(t);
    for (const [user, status] of [
      [null, 401],
      ['employee1', 403],
      ['manager', 403],
    ] as const) {
      const calls = [
        await client.post(user, '/api/grids', pageOf('Sneaky')),
        await client.put(user, '/api/grids', saveOf(page, { PageTitle: 'Sneaky' })),
        await client.call(user, 'DELETE', pageUrl(page.Id)),
        await client.get(user, `${pageUrl(page.Id)}?design=true`),
      ];
      expect(
        calls.map((c) => c.statusCode),
        String(user),
      ).toEqual([status, status, status, status]);
    }
    expect(await allPageRows(t)).toEqual(before);
  });
});

describe('editing a page', () => {
  it('saves the changes with the Version read, bumps it and logs what changed', async () => {
    const created = await createPage(client, pageOf('Editable visits'));
    const response = await putPage(
      client,
      saveOf(created, {
        PageTitle: 'Edited visits',
        Columns: [
          saveColumn(4, 'Checked', 'boolean', { Format: 'check', Order: 1 }),
          saveColumn(1, 'Site', 'string', { Title: 'Where', Order: 2, Width: 180 }),
        ],
        PageSize: 10,
        DefaultSort: [{ Field: 'Site', Desc: false }],
        DefaultFilter: null,
        Permission: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<GridPage>();
    expect(page).toMatchObject({
      PageTitle: 'Edited visits',
      PageSize: 10,
      DefaultFilter: null,
      Permission: '',
      Version: 2,
      ListUrl: `/api/grids/${created.Id}/data`,
    });
    expect(page.Columns).toEqual([
      { Id: 4, Field: 'Checked', Title: 'Checked', Format: 'check', Type: 'boolean', Order: 1 },
      { Id: 1, Field: 'Site', Title: 'Where', Format: null, Type: 'string', Order: 2, Width: 180 },
    ]);
    const stored = await pageRowOf(t, created.Id);
    expect(stored).toMatchObject({ pageTitle: 'Edited visits', pageSize: 10, version: 2 });
    const log = await changeLogOf(t, 'GridPage', created.Id);
    expect(log.map((entry) => entry.actionType)).toEqual([0, 1]);
    const fields = (log[1]!.changes as { Field: string }[]).map((change) => change.Field);
    expect(fields).toEqual(
      expect.arrayContaining(['PageTitle', 'Columns', 'PageSize', 'DefaultSort', 'Permission']),
    );
    expect(fields).not.toContain('DataSourceId');
  });

  it('answers a stale save with 409 and keeps the newer one', async () => {
    const created = await createPage(client, pageOf('Raced visits'));
    const first = await putPage(client, saveOf(created, { PageTitle: 'Raced visits (1)' }));
    expect(first.statusCode).toBe(200);
    const before = await pageRowOf(t, created.Id);
    const stale = await putPage(client, saveOf(created, { PageTitle: 'Raced visits (2)' }));
    expect(stale.statusCode, stale.body).toBe(409);
    expect(errorOf(stale).Message).toMatch(/changed by someone else/);
    expect(await pageRowOf(t, created.Id)).toEqual(before);
    expect(await changeLogOf(t, 'GridPage', created.Id)).toHaveLength(2);
  });

  it('refuses a PUT without Id or Version, and a page that does not exist', async () => {
    const page = await createPage(client, pageOf('Versioned visits'));
    const body = saveOf(page);
    const noVersion = await putPage(client, { ...body, Version: undefined });
    expect(noVersion.statusCode).toBe(400);
    expect(errorOf(noVersion).Errors).toEqual([{ Field: 'Version', Message: 'is required' }]);
    const noId = await putPage(client, { ...body, Id: undefined });
    expect(errorOf(noId).Errors).toEqual([{ Field: 'Id', Message: 'is required' }]);
    const absent = await putPage(client, { ...body, Id: 999_999 });
    expect(absent.statusCode).toBe(404);
  });

  it('refuses a title another page has, as AlreadyExists', async () => {
    const page = await createPage(client, pageOf('Renamed visits'));
    const response = await putPage(client, saveOf(page, { PageTitle: 'crew VISITS' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).AlreadyExists).toBe(true);
    expect((await pageRowOf(t, page.Id))!.pageTitle).toBe('Renamed visits');
  });
});

describe('deleting a page', () => {
  it('deletes a designed page and logs it; it is then absent', async () => {
    const page = await createPage(client, pageOf('Short-lived visits'));
    const response = await client.call('admin', 'DELETE', pageUrl(page.Id));
    expect(response.statusCode, response.body).toBe(204);
    expect(await pageRowOf(t, page.Id)).toBeUndefined();
    const log = await changeLogOf(t, 'GridPage', page.Id);
    expect(log.map((entry) => entry.actionType)).toEqual([0, 2]);
    expect((await client.get('admin', pageUrl(page.Id))).statusCode).toBe(404);
    expect((await client.call('admin', 'DELETE', pageUrl(page.Id))).statusCode).toBe(404);
  });

  it('refuses to delete a built-in page, with a message saying why', async () => {
    const before = await allPageRows(t);
    const response = await client.call('admin', 'DELETE', pageUrl(unitEntity.id));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).Message).toMatch(/is a built-in grid page and cannot be deleted/);
    expect(await allPageRows(t)).toEqual(before);
  });

  it('keeps the data source from being deleted while a page uses it, naming the page', async () => {
    const used = await createSource(client, {
      Name: 'Shown somewhere',
      SchemaDefinition: { type: 'object', properties: { Note: { type: 'string' } } },
    });
    const page = await createPage(client, {
      PageTitle: 'Somewhere',
      DataSourceId: used.Id,
      Columns: [saveColumn(1, 'Note', 'string')],
    });
    const refused = await client.call('admin', 'DELETE', `/api/dataSources/${used.Id}`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).Message).toBe(
      "Shown somewhere cannot be deleted while grid pages use it: 'Somewhere'.",
    );
    expect(await pageRowOf(t, page.Id)).toBeDefined();
    expect((await client.call('admin', 'DELETE', pageUrl(page.Id))).statusCode).toBe(204);
    expect((await client.call('admin', 'DELETE', `/api/dataSources/${used.Id}`)).statusCode).toBe(
      204,
    );
  });
});

describe('a built-in page', () => {
  const unitsRelease = (changes: Partial<EntityDefinition['grid']>): EntityDefinition => ({
    ...unitEntity,
    grid: { ...unitEntity.grid, ...changes },
  });

  it('is edited like a designed one but keeps its source, key, URLs and column extras', async () => {
    const page = await designedPage(client, unitEntity.id);
    expect(page.IsSystem).toBe(true);
    const before = await allPageRows(t);
    const moved = await putPage(client, saveOf(page, { DataSourceId: source.Id }));
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved).Errors[0]).toMatchObject({ Field: 'DataSourceId' });
    const rekeyed = await putPage(client, saveOf(page, { PkField: 'Code' }));
    expect(errorOf(rekeyed).Errors[0]).toMatchObject({ Field: 'PkField' });
    expect(await allPageRows(t)).toEqual(before);

    const [first, ...rest] = saveOf(page).Columns;
    const response = await putPage(
      client,
      saveOf(page, {
        PageTitle: 'Plants',
        // The first column goes last and is retitled; the last one is removed.
        Columns: [
          ...rest.slice(0, -1).map((column, index) => ({ ...column, Order: index + 1 })),
          { ...first!, Title: 'Plant code', Order: 10 },
        ],
        PageSize: 50,
        DefaultSort: [{ Field: 'Name', Desc: true }],
        DefaultFilter: null,
        Permission: 'ManageUnits',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<GridPage>();
    expect(edited).toMatchObject({
      PageTitle: 'Plants',
      PageSize: 50,
      Permission: 'ManageUnits',
      ListUrl: page.ListUrl,
      DetailUrl: page.DetailUrl,
      IsSystem: true,
    });
    const released = (id: number) => page.Columns.find((c) => c.Id === id)!;
    for (const column of edited.Columns) {
      const { Sortable, Filterable, FilterFields, FilterByValuesOnly } = released(column.Id);
      expect(column).toMatchObject(
        JSON.parse(JSON.stringify({ Sortable, Filterable, FilterFields, FilterByValuesOnly })),
      );
    }
    expect(edited.Columns.at(-1)).toMatchObject({ Id: first!.Id, Title: 'Plant code' });
    expect(edited.Columns).toHaveLength(page.Columns.length - 1);
    expect(edited.RowActions.map((a) => a.Permission)).toEqual(
      page.RowActions.map((a) => a.Permission),
    );
  });

  it("keeps the administrator's changes when the release upgrades the page", async () => {
    const edited = await designedPage(client, unitEntity.id);
    const removed = unitEntity.grid.Columns.at(-1)!;
    const added = { ...removed, Id: 99, Field: 'Active', Title: 'Is active', Order: 99 };
    const release = unitsRelease({
      PageTitle: 'ROUTES.UNITS.NEW',
      PageSize: 15,
      Columns: [...unitEntity.grid.Columns, added],
    });
    await syncSystemDefinitions(t.database.db, [release]);
    const upgraded = await designedPage(client, unitEntity.id);
    // The administrator's title, size, sort, filter, permission and column titles stay;
    // the column they removed stays removed; the release's new column arrives.
    expect(upgraded).toMatchObject({
      PageTitle: 'Plants',
      PageSize: 50,
      DefaultSort: [{ Field: 'Name', Desc: true }],
      DefaultFilter: null,
      Permission: 'ManageUnits',
    });
    expect(upgraded.Columns.map((c) => c.Id).sort()).toEqual(
      [...edited.Columns.map((c) => c.Id), 99].sort(),
    );
    expect(upgraded.Columns.find((c) => c.Id === removed.Id)).toBeUndefined();
    expect(upgraded.Columns.find((c) => c.Id === 99)).toMatchObject({ Title: 'Is active' });
    expect(upgraded.Columns.find((c) => c.Title === 'Plant code')).toBeDefined();
    const stored = await pageRowOf(t, unitEntity.id);
    expect((stored!.systemDefinition as { pageTitle: string }).pageTitle).toBe('ROUTES.UNITS.NEW');
    // The release as it was comes back on the next start: the edits still stand.
    await syncSystemDefinitions(t.database.db, [unitEntity]);
    expect(await designedPage(client, unitEntity.id)).toMatchObject({
      PageTitle: 'Plants',
      Permission: 'ManageUnits',
    });
  });
});

describe("a page's card on phones", () => {
  it('saves the card fields in their order, reads them back and stores them', async () => {
    const cardFields = ['Site', 'Checked', 'Visited'];
    const created = await createPage(
      client,
      pageOf('Crew visits on phones', { CardFields: cardFields }),
    );
    expect(created.CardFields).toEqual(cardFields);
    expect((await designedPage(client, created.Id)).CardFields).toEqual(cardFields);
    // The page's screen reads them too (the cards draw from it).
    const shown = await client.get('admin', pageUrl(created.Id));
    expect(shown.json<GridPage>().CardFields).toEqual(cardFields);
    expect((await pageRowOf(t, created.Id))!.cardFields).toEqual(cardFields);

    const reordered = await putPage(
      client,
      saveOf(created, { CardFields: ['Hours', 'Site'], DefaultSort: created.DefaultSort }),
    );
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<GridPage>().CardFields).toEqual(['Hours', 'Site']);
    expect((await pageRowOf(t, created.Id))!.cardFields).toEqual(['Hours', 'Site']);
    const changes = await changeLogOf(t, 'GridPage', created.Id);
    expect(JSON.stringify(changes)).toContain('CardFields');
  });

  it('refuses a card field that is not a column of the page, naming it, and stores nothing', async () => {
    const before = await allPageRows(t);
    // Crew is a field of the data source, but no column of this page shows it.
    for (const unknown of ['Crew', 'NoSuchField']) {
      const response = await postPage(
        client,
        pageOf(`Cards refused ${unknown}`, { CardFields: ['Site', unknown] }),
      );
      expect(response.statusCode, response.body).toBe(400);
      const body = errorOf(response);
      expect(body.Errors).toEqual([
        { Field: 'CardFields/1', Message: `'${unknown}' is not a column of the page` },
      ]);
      expect(body.Message).toContain(unknown);
    }
    const twice = await postPage(client, pageOf('Cards twice', { CardFields: ['Site', 'Site'] }));
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).Errors[0]).toMatchObject({ Field: 'CardFields/1' });
    const tooMany = await postPage(
      client,
      pageOf('Cards too many', { CardFields: Array.from({ length: 9 }, () => 'Site') }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(await allPageRows(t)).toEqual(before);
  });

  it('saves a page without card fields, which then has none', async () => {
    const created = await createPage(client, pageOf('Crew visits without cards'));
    expect(created.CardFields).toEqual([]);
    expect((await pageRowOf(t, created.Id))!.cardFields).toEqual([]);
  });

  it('gives the built-in deliveries page its card, which an upgrade keeps', async () => {
    const page = await designedPage(client, deliveryEntity.id);
    expect(page.CardFields).toEqual(deliveryEntity.grid.CardFields);
    await syncSystemDefinitions(t.database.db, [deliveryEntity]);
    expect((await designedPage(client, deliveryEntity.id)).CardFields).toEqual(
      deliveryEntity.grid.CardFields,
    );
  });
});
