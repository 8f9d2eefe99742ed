import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceView } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  changeLogOf,
  columnNameOf,
  createSource,
  errorOf,
  insertRow,
  rowCount,
  rowsUrl,
  type SaveBody,
  snapshotOf,
  storedRows,
  userIdOf,
} from '../support/user-tables';

/**
 * A user table's rows through the one engine (`api/dataSources/{id}/data`): the field rules
 * of its definition, its key and unique fields, the stamps the server sets, versions, the
 * row's history and the data source's own permissions, each answer checked against what the
 * table holds.
 */

let t: TestApp;
let client: ApiClient;

type Row = Record<string, unknown> & { Id: number; Version: number };

/** Readers: any signed-in user; writers: designers and unit managers (the demo's manager). */
const writers = 'ManageDataSources,ManageUnits';
const sharedPermissions = { read: 'authorized', create: writers, update: writers, delete: writers };

/** A data source with a field of every scalar type and rule, keyed by its own Code. */
const inspections = (Name: string, Permissions?: SaveBody['Permissions']): SaveBody => ({
  Name,
  PrimaryKeyField: 'Code',
  ...(Permissions ? { Permissions } : {}),
  SchemaDefinition: {
    type: 'object',
    properties: {
      Code: { type: 'string', pattern: '^[A-Z]{2}[0-9]+$' },
      Title: { type: 'string', maxLength: 40, default: 'Untitled' },
      Score: { type: 'integer', minimum: 0, maximum: 100 },
      Weight: { type: 'number', minimum: 0.5 },
      Grade: { type: 'string', enum: ['A', 'B', 'C'] },
      InspectedOn: { type: 'string', format: 'date' },
      StartedAt: { type: 'string', format: 'date-time' },
      Passed: { type: 'boolean', default: false },
      Serial: { type: 'string', 'x-unique': true },
      Tags: { type: 'array', items: { type: 'string' } },
      Site: { type: 'object', properties: { Name: { type: 'string' } } },
    },
    required: ['Code', 'Title', 'Score'],
  },
});

const rowUrl = (source: DataSourceView, id: number) => `${rowsUrl(source.Id)}/${id}`;

/** The codes of a list call's rows, in the order answered. */
async function listedCodes(user: string, source: DataSourceView, query: string) {
  const response = await client.get(user, `${rowsUrl(source.Id)}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<{ '@odata.count'?: number; value: Row[] }>();
  return { count: page['@odata.count'], codes: page.value.map((row) => row.Code) };
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

describe('writing rows', () => {
  let source: DataSourceView;
  let c: (field: string) => string;

  beforeAll(async () => {
    source = await createSource(client, inspections('Inspections', sharedPermissions));
    c = (field) => columnNameOf(source, field);
  });

  it('inserts a row stamped by the server with the caller, whatever the payload says', async () => {
    const response = await client.post('admin', rowsUrl(source.Id), {
      Json: JSON.stringify({
        Code: 'AB1',
        Score: 70,
        Weight: 2.25,
        Grade: 'A',
        InspectedOn: '2024-03-01',
        StartedAt: '2024-03-01T09:30:00+01:00',
        Serial: 'S-1',
        Tags: ['kerb', 'drain'],
        Site: { Name: 'Leeds' },
        CreatedBy: 'employee1',
        UpdatedBy: 'employee1',
        CreatedAt: '2000-01-01T00:00:00Z',
        Version: 9,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json<Row>();
    expect(row).toEqual({
      Id: row.Id,
      Code: 'AB1',
      Title: 'Untitled',
      Score: 70,
      Weight: 2.25,
      Grade: 'A',
      InspectedOn: '2024-03-01',
      StartedAt: '2024-03-01T08:30:00.000Z',
      Passed: false,
      Serial: 'S-1',
      Tags: ['kerb', 'drain'],
      Site: { Name: 'Leeds' },
      CreatedAt: row.CreatedAt,
      CreatedBy: 'admin',
      UpdatedAt: row.CreatedAt,
      UpdatedBy: 'admin',
      Version: 1,
    });
    expect(new Date(row.CreatedAt as string).getFullYear()).toBeGreaterThan(2000);

    const admin = await userIdOf(t, 'admin');
    const [stored] = await storedRows(t, source.Id);
    expect(stored).toMatchObject({
      id: row.Id,
      [c('Code')]: 'AB1',
      [c('Title')]: 'Untitled',
      [c('Score')]: 70,
      [c('Weight')]: 2.25,
      [c('InspectedOn')]: '2024-03-01',
      [c('Passed')]: false,
      [c('Tags')]: ['kerb', 'drain'],
      [c('Site')]: { Name: 'Leeds' },
      created_by: admin,
      updated_by: admin,
      version: 1,
    });
    expect(new Date(stored![c('StartedAt')] as string).toISOString()).toBe(
      '2024-03-01T08:30:00.000Z',
    );

    const read = await client.get('employee1', rowUrl(source, row.Id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(row);
    expect(await changeLogOf(t, `UserTable${source.Id}`, row.Id)).toMatchObject([
      { actionType: 0, userName: 'admin' },
    ]);
  });

  it('updates a row as another writer, who becomes UpdatedBy, and refuses a stale Version', async () => {
    const row = await insertRow(client, source.Id, { Code: 'UP1', Score: 10, Title: 'First' });
    const updated = await client.put('manager', rowsUrl(source.Id), {
      Id: row.Id,
      Json: { ...row, Title: 'Rechecked', Score: 12, CreatedBy: 'manager' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      Title: 'Rechecked',
      Score: 12,
      CreatedBy: 'admin',
      UpdatedBy: 'manager',
      Version: 2,
    });
    const [admin, manager] = [await userIdOf(t, 'admin'), await userIdOf(t, 'manager')];
    const stored = (await storedRows(t, source.Id)).find((r) => r.id === row.Id);
    expect(stored).toMatchObject({ created_by: admin, updated_by: manager, version: 2 });

    const before = await snapshotOf(t, source.Id);
    const stale = await client.put('manager', rowsUrl(source.Id), {
      Json: { ...row, Title: 'Lost update' },
    });
    expect(stale.statusCode).toBe(409);
    expect(await snapshotOf(t, source.Id)).toEqual(before);
  });

  it('refuses a key or unique value another row holds, writing nothing', async () => {
    const first = await insertRow(client, source.Id, { Code: 'KY1', Score: 1, Serial: 'S-9' });
    const second = await insertRow(client, source.Id, { Code: 'KY2', Score: 2 });
    const before = await snapshotOf(t, source.Id);
    const duplicateKey = {
      Message: 'There is already an item with this Code.',
      Errors: [{ Field: 'Code', Message: 'There is already an item with this Code.' }],
      DuplicatePK: true,
    };

    const created = await client.post('admin', rowsUrl(source.Id), {
      Json: { Code: 'KY1', Score: 5 },
    });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created)).toEqual(duplicateKey);

    const changed = await client.put('admin', rowsUrl(source.Id), {
      Json: { ...second, Code: first.Code },
    });
    expect(changed.statusCode).toBe(400);
    expect(errorOf(changed)).toEqual(duplicateKey);

    const serial = await client.post('admin', rowsUrl(source.Id), {
      Json: { Code: 'KY3', Score: 5, Serial: 'S-9' },
    });
    expect(serial.statusCode).toBe(400);
    expect(errorOf(serial)).toEqual({
      Message: 'There is already an item with this Serial.',
      Errors: [{ Field: 'Serial', Message: 'There is already an item with this Serial.' }],
    });
    expect(await snapshotOf(t, source.Id)).toEqual(before);
  });

  it("refuses a value its field's rules do not allow, naming the field, writing nothing", async () => {
    const valid = { Code: 'VA1', Score: 50 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Code: 'VA1' }, 'Score', 'is required'],
      [{ Code: 'va1', Score: 50 }, 'Code', 'contains characters that are not allowed'],
      [{ ...valid, Score: -1 }, 'Score', 'must be 0 or more'],
      [{ ...valid, Score: 101 }, 'Score', 'must be 100 or less'],
      [{ ...valid, Weight: 0.25 }, 'Weight', 'must be 0.5 or more'],
      [{ ...valid, Grade: 'Z' }, 'Grade', 'is not one of the allowed values'],
      [{ ...valid, InspectedOn: '2024-02-30' }, 'InspectedOn', 'must match format "date"'],
      [{ ...valid, StartedAt: 'yesterday' }, 'StartedAt', 'must match format "date-time"'],
    ];
    const before = await snapshotOf(t, source.Id);
    for (const [row, field, message] of cases) {
      const response = await client.post('admin', rowsUrl(source.Id), { Json: row });
      expect(response.statusCode, JSON.stringify(row)).toBe(400);
      expect(errorOf(response).Errors, JSON.stringify(row)).toEqual([
        { Field: field, Message: message },
      ]);
    }
    expect(await snapshotOf(t, source.Id)).toEqual(before);
    expect(await rowCount(t, source.Id)).toBe(before.rows.length);
  });

  it('deletes a row only at the version read', async () => {
    const row = await insertRow(client, source.Id, { Code: 'DL1', Score: 3 });
    await client.put('admin', rowsUrl(source.Id), { Json: { ...row, Score: 4 } });

    const stale = await client.call('manager', 'DELETE', `${rowUrl(source, row.Id)}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect((await storedRows(t, source.Id)).some((r) => r.id === row.Id)).toBe(true);

    const deleted = await client.call('manager', 'DELETE', `${rowUrl(source, row.Id)}?version=2`);
    expect(deleted.statusCode).toBe(204);
    expect((await storedRows(t, source.Id)).some((r) => r.id === row.Id)).toBe(false);
    expect((await client.get('admin', rowUrl(source, row.Id))).statusCode).toBe(404);
    const log = await changeLogOf(t, `UserTable${source.Id}`, row.Id);
    expect(log.map(({ actionType, userName }) => [actionType, userName])).toEqual([
      [0, 'admin'],
      [1, 'admin'],
      [2, 'manager'],
    ]);
  });
});

describe('listing rows', () => {
  let source: DataSourceView;

  beforeAll(async () => {
    source = await createSource(client, inspections('Listed inspections', sharedPermissions));
    const rows = [
      ['LS1', 90, 1.5, 'A', '2024-03-01', '2024-03-01T08:00:00Z', true],
      ['LS2', 40, 3.5, 'B', '2024-03-02', '2024-03-02T08:00:00Z', false],
      ['LS3', 75, 2.5, 'A', '2024-02-28', '2024-02-28T08:00:00Z', true],
      ['LS4', 10, 4.5, 'C', '2024-03-05', '2024-03-05T08:00:00Z', false],
      ['LS5', 60, 0.5, 'A', '2024-03-03', '2024-03-03T08:00:00Z', true],
    ] as const;
    for (const [Code, Score, Weight, Grade, InspectedOn, StartedAt, Passed] of rows) {
      await insertRow(client, source.Id, {
        Code,
        Score,
        Weight,
        Grade,
        InspectedOn,
        StartedAt,
        Passed,
      });
    }
  });

  it('filters and sorts on integer, number, enum, boolean, date and date-time fields', async () => {
    const cases: [string, string[]][] = [
      ['$filter=Score ge 60&$orderby=Score desc', ['LS1', 'LS3', 'LS5']],
      ['$filter=Weight gt 2&$orderby=Weight', ['LS3', 'LS2', 'LS4']],
      ["$filter=Grade eq 'A'&$orderby=InspectedOn", ['LS3', 'LS1', 'LS5']],
      ['$filter=Passed eq false&$orderby=Code desc', ['LS4', 'LS2']],
      ['$filter=InspectedOn ge 2024-03-02&$orderby=InspectedOn desc', ['LS4', 'LS5', 'LS2']],
      ['$filter=StartedAt lt 2024-03-02T00:00:00Z&$orderby=StartedAt', ['LS3', 'LS1']],
    ];
    for (const [query, codes] of cases) {
      expect((await listedCodes('employee1', source, query)).codes, query).toEqual(codes);
    }
  });

  it('pages with $top and $skip, counting every match with $count=true', async () => {
    expect(
      await listedCodes('employee1', source, '$orderby=Code&$top=2&$skip=1&$count=true'),
    ).toEqual({ count: 5, codes: ['LS2', 'LS3'] });
    expect(
      await listedCodes(
        'employee1',
        source,
        "$filter=Grade eq 'A'&$orderby=Score&$top=1&$skip=2&$count=true",
      ),
    ).toEqual({ count: 3, codes: ['LS1'] });
  });

  it('answers the stamps as user names', async () => {
    const response = await client.get('employee1', `${rowsUrl(source.Id)}?$top=1&$orderby=Code`);
    expect(response.json<{ value: Row[] }>().value[0]).toMatchObject({
      Code: 'LS1',
      CreatedBy: 'admin',
      UpdatedBy: 'admin',
      Version: 1,
    });
  });
});

describe("a row's history", () => {
  let source: DataSourceView;
  let closed: DataSourceView;
  let row: Row;

  beforeAll(async () => {
    source = await createSource(client, inspections('Audited inspections', sharedPermissions));
    closed = await createSource(client, inspections('Closed inspections'));
    row = await insertRow(client, source.Id, { Code: 'HI1', Score: 20, Grade: 'B' });
    await client.put('manager', rowsUrl(source.Id), { Json: { ...row, Score: 25, Grade: 'A' } });
  });

  it('shows each field change, newest first, to anyone who may read the row', async () => {
    const response = await client.get('employee1', `${rowUrl(source, row.Id)}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const entries =
      response.json<
        { UserName: string; ActionType: number; Changes: { Field: string; ChangeText: string }[] }[]
      >();
    expect(entries.map((entry) => [entry.ActionType, entry.UserName])).toEqual([
      [1, 'manager'],
      [0, 'admin'],
    ]);
    expect(entries[0]!.Changes.map((change) => change.ChangeText).sort()).toEqual([
      'Grade: B → A',
      'Score: 20 → 25',
    ]);
    expect(entries[1]!.Changes.map((change) => change.Field)).toEqual(
      expect.arrayContaining(['Code', 'Score', 'Grade', 'Title']),
    );
  });

  it('answers 404 for a row that does not exist', async () => {
    const response = await client.get('employee1', `${rowUrl(source, row.Id + 1000)}/history`);
    expect(response.statusCode).toBe(404);
  });

  it('refuses a user who may not read the rows', async () => {
    const hidden = await insertRow(client, closed.Id, { Code: 'HI2', Score: 1 });
    const response = await client.get('employee1', `${rowUrl(closed, hidden.Id)}/history`);
    expect(response.statusCode).toBe(403);
    expect((await client.get('admin', `${rowUrl(closed, hidden.Id)}/history`)).statusCode).toBe(
      200,
    );
  });
});

describe('permissions of each data source and action', () => {
  /** Every row call, as a user, on one row of a data source. */
  const everyCall = (user: string, source: DataSourceView, row: Row) => [
    () => client.get(user, rowsUrl(source.Id)),
    () => client.get(user, rowUrl(source, row.Id)),
    () => client.get(user, rowUrl(source, 0)),
    () => client.get(user, `${rowUrl(source, row.Id)}/history`),
    () => client.post(user, rowsUrl(source.Id), { Json: { Code: 'NW1', Score: 1 } }),
    () => client.put(user, rowsUrl(source.Id), { Json: { ...row, Score: 99 } }),
    () => client.call(user, 'DELETE', `${rowUrl(source, row.Id)}?version=${row.Version}`),
  ];

  it('lets a reader list and read the rows, but not create, update or delete them', async () => {
    const source = await createSource(
      client,
      inspections('Read-only for staff', sharedPermissions),
    );
    const row = await insertRow(client, source.Id, { Code: 'PM1', Score: 5 });
    const before = await snapshotOf(t, source.Id);
    const statuses = [];
    for (const call of everyCall('employee1', source, row))
      statuses.push((await call()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 403, 403, 403]);
    expect(await snapshotOf(t, source.Id)).toEqual(before);
  });

  it('refuses every row call to those the default permissions leave out', async () => {
    const source = await createSource(client, inspections('Designers only'));
    expect(source.Permissions).toEqual({
      read: 'ManageDataSources',
      create: 'ManageDataSources',
      update: 'ManageDataSources',
      delete: 'ManageDataSources',
    });
    const row = await insertRow(client, source.Id, { Code: 'PM2', Score: 5 });
    const before = await snapshotOf(t, source.Id);
    for (const user of ['employee1', 'manager']) {
      for (const call of everyCall(user, source, row)) {
        const response = await call();
        expect(response.statusCode, `${user} ${response.body}`).toBe(403);
      }
    }
    expect(await snapshotOf(t, source.Id)).toEqual(before);
  });
});
