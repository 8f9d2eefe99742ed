import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataSourceView, dataSourceEntity, deliveryEntity, gridPageEntity } from '#metadata';
import { publishStateChanges } from '../../server/modules/deliveries/state/events';
import {
  putRules,
  readRules,
  roleIdOf,
  rowRule,
  rulesUrl,
  setRules,
  storedRulesOf,
  unitIdOf,
} from '../support/access-rules';
import { apiClient, type ApiClient } from '../support/api-client';
import { eventReader } from '../support/event-stream';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';
import { twoInstances } from '../support/two-instances';
import {
  anySignedInUser,
  changeLogOf,
  createSource,
  errorOf,
  insertRow,
  rowCount,
  rowsUrl,
  storedRows,
  userIdOf,
} from '../support/user-tables';

/**
 * Row and field rules per role (`api/dataSources/{id}/accessRules`) on a user table and on
 * the built-in deliveries: `employee1` (Staff, units NTH01 and NTH02) under a rule such as
 * `UnitId in $CurrentUserUnits` reaches only those rows through every path (lists, counts,
 * value lists, unique checks, single reads, saves, deletes, a row's history, the deliveries'
 * own list, values, export and state stream), and never sees a field hidden from Staff; bad
 * rules are refused naming the value at fault, and a refused save changes nothing.
 */

type Row = Record<string, unknown> & { Id: number; Version: number };

let t: TestApp;
let client: ApiClient;
let staff: number;
let administrator: number;
let manager: number;
let unit: Record<'NTH01' | 'NTH02' | 'STH01' | 'MID01', number>;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  staff = await roleIdOf(t, 'Staff');
  administrator = await roleIdOf(t, 'Administrator');
  manager = await roleIdOf(t, 'Manager');
  unit = {
    NTH01: await unitIdOf(t, 'NTH01'),
    NTH02: await unitIdOf(t, 'NTH02'),
    STH01: await unitIdOf(t, 'STH01'),
    MID01: await unitIdOf(t, 'MID01'),
  };
});
afterAll(() => t.close());

const everyone = anySignedInUser;

describe('a user table', () => {
  let source: DataSourceView;
  let byRef: Record<string, Row>;
  const url = () => rowsUrl(source.Id);
  const rowUrl = (ref: string) => `${url()}/${byRef[ref]!.Id}`;

  /** The Refs a caller's list answers, with its count. */
  async function listed(user: string, query = '') {
    const response = await client.get(user, `${url()}?$count=true&$orderby=Ref${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ '@odata.count': number; value: Row[] }>();
    return {
      count: page['@odata.count'],
      refs: page.value.map((row) => row.Ref),
      rows: page.value,
    };
  }

  const unitRule = (Read: string | null, Write: string | null = Read) => ({
    RowRules: [rowRule(staff, Read, Write)],
    FieldRules: [
      { Field: 'Secret', HiddenFor: [staff], ReadOnlyFor: [] },
      { Field: 'Note', HiddenFor: [], ReadOnlyFor: [staff] },
    ],
  });

  beforeAll(async () => {
    source = await createSource(client, {
      Name: 'PlantLogs',
      PrimaryKeyField: '',
      Permissions: everyone,
      SchemaDefinition: {
        type: 'object',
        properties: {
          Ref: { type: 'string', 'x-unique': true },
          UnitId: { type: 'integer' },
          Note: { type: 'string' },
          Secret: { type: 'string' },
          CompanyRef: { type: 'integer' },
        },
        required: ['Ref'],
      },
    });
    byRef = {};
    for (const [Ref, unitId] of [
      ['N1', unit.NTH01],
      ['N2', unit.NTH02],
      ['S1', unit.STH01],
      ['M1', unit.MID01],
    ] as const) {
      byRef[Ref] = await insertRow(client, source.Id, {
        Ref,
        UnitId: unitId,
        Note: `note ${Ref}`,
        Secret: `secret ${Ref}`,
      });
    }
    await setRules(client, source.Id, unitRule('UnitId in $CurrentUserUnits'));
  });

  it("lists, counts and lists the values of only the caller's units' rows, without hidden fields", async () => {
    const own = await listed('employee1');
    expect(own).toMatchObject({ count: 2, refs: ['N1', 'N2'] });
    for (const row of own.rows) {
      expect(row).not.toHaveProperty('Secret');
      expect(row).toHaveProperty('Note');
    }
    expect(await listed('employee2')).toMatchObject({ count: 1, refs: ['S1'] });
    // The administrator holds no ruled role.
    const all = await listed('admin');
    expect(all).toMatchObject({ count: 4, refs: ['M1', 'N1', 'N2', 'S1'] });
    expect(all.rows[0]).toHaveProperty('Secret', 'secret M1');

    const odata = await client.get('employee1', '/odata/PlantLogsOData?$count=true');
    expect(odata.json()).toMatchObject({ '@odata.count': 2 });
    const values = await client.get('employee1', '/api/entities/PlantLogs/values/Ref');
    expect(values.json()).toEqual(['N1', 'N2']);
    expect(
      (await listed('employee1', `&$filter=${encodeURIComponent("Ref eq 'S1'")}`)).refs,
    ).toEqual([]);
    // A hidden field can be neither filtered, selected nor asked for its values.
    for (const query of ["$filter=Secret eq 'secret S1'", '$select=Secret']) {
      const response = await client.get('employee1', `${url()}?${encodeURI(query)}`);
      expect(response.statusCode, query).toBe(400);
    }
    const secrets = await client.get('employee1', '/api/entities/PlantLogs/values/Secret');
    expect(secrets.statusCode).toBe(400);
  });

  it('reads a row outside the rule as absent, and a row and its history without hidden fields', async () => {
    expect((await client.get('employee1', rowUrl('S1'))).statusCode).toBe(404);
    expect((await client.get('employee1', `${rowUrl('S1')}/history`)).statusCode).toBe(404);
    const read = await client.get('employee1', rowUrl('N1'));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ Ref: 'N1', Note: 'note N1' });
    expect(read.json()).not.toHaveProperty('Secret');

    const history = await client.get('employee1', `${rowUrl('N1')}/history`);
    const fields = (response: typeof history) =>
      response
        .json<{ Changes: { Field: string }[] }[]>()
        .flatMap((entry) => entry.Changes.map((c) => c.Field));
    expect(fields(history)).toContain('Note');
    expect(fields(history)).not.toContain('Secret');
    expect(fields(await client.get('admin', `${rowUrl('N1')}/history`))).toContain('Secret');
  });

  it('checks a unique value among the reachable rows only, and never a hidden field', async () => {
    const check = (user: string, field: string, val: string) =>
      client.post(user, `/api/check/IsUnique${field}`, { entity: 'PlantLogs', field, val });
    expect((await check('employee1', 'Ref', 'S1')).json()).toEqual({ isUnique: true });
    expect((await check('employee1', 'Ref', 'N2')).json()).toEqual({ isUnique: false });
    expect((await check('admin', 'Ref', 'S1')).json()).toEqual({ isUnique: false });
    expect((await check('employee1', 'Secret', 'secret S1')).statusCode).toBe(400);
  });

  it('refuses to change a row outside, to move a row out or to create one outside, and changes nothing', async () => {
    const before = await storedRows(t, source.Id);
    const s1 = byRef.S1!;
    const outside = await client.put('employee1', url(), {
      Id: s1.Id,
      Json: { Ref: 'S1', UnitId: unit.NTH01, Version: s1.Version },
    });
    expect(outside.statusCode).toBe(404);

    const n1 = byRef.N1!;
    const moved = await client.put('employee1', url(), {
      Id: n1.Id,
      Json: { Ref: 'N1', UnitId: unit.STH01, Version: n1.Version },
    });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(errorOf(moved).Message).toBe('You may not change this row.');

    const created = await client.post('employee1', url(), {
      Json: { Ref: 'S9', UnitId: unit.STH01 },
    });
    expect(created.statusCode).toBe(403);
    expect(await storedRows(t, source.Id)).toEqual(before);
    expect(await changeLogOf(t, `UserTable${source.Id}`, n1.Id)).toHaveLength(1);
  });

  it('saves a row inside without writing a hidden or read-only field, and answers it without the hidden one', async () => {
    const created = await client.post('employee1', url(), {
      Json: { Ref: 'N3', UnitId: unit.NTH01, Note: 'mine', Secret: 'guess' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json<Row>();
    expect(row).toMatchObject({ Ref: 'N3', UnitId: unit.NTH01, Note: null });
    expect(row).not.toHaveProperty('Secret');

    const n2 = byRef.N2!;
    const saved = await client.put('employee1', url(), {
      Id: n2.Id,
      Json: {
        Ref: 'N2',
        UnitId: unit.NTH01,
        Note: 'rewritten',
        Secret: 'rewritten',
        Version: n2.Version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ UnitId: unit.NTH01, Note: 'note N2' });
    expect(saved.json()).not.toHaveProperty('Secret');
    const stored = await client.get('admin', rowUrl('N2'));
    expect(stored.json()).toMatchObject({
      Note: 'note N2',
      Secret: 'secret N2',
      UnitId: unit.NTH01,
    });
    byRef.N2 = stored.json<Row>();
    byRef.N3 = row;
  });

  it('refuses a save and a delete outside the write rule with 403 where the read rule shows the row', async () => {
    await setRules(client, source.Id, unitRule(null, 'UnitId in $CurrentUserUnits'));
    expect((await listed('employee1')).count).toBe(5);
    const s1 = byRef.S1!;
    const saved = await client.put('employee1', url(), {
      Id: s1.Id,
      Json: { Ref: 'S1', UnitId: unit.STH01, Version: s1.Version },
    });
    expect(saved.statusCode).toBe(403);
    const deleted = await client.call('employee1', 'DELETE', rowUrl('S1'));
    expect(deleted.statusCode).toBe(403);
    expect(errorOf(deleted).Message).toBe('You may not change this row.');
    expect((await client.get('admin', rowUrl('S1'))).statusCode).toBe(200);
    expect((await client.call('employee1', 'DELETE', rowUrl('N3'))).statusCode).toBe(204);
    expect(await rowCount(t, source.Id)).toBe(4);
  });

  it('reaches the rows a caller created with CreatedById eq $CurrentUser', async () => {
    await setRules(client, source.Id, unitRule('CreatedById eq $CurrentUser'));
    expect((await listed('employee1')).refs).toEqual([]);
    const mine = await client.post('employee1', url(), { Json: { Ref: 'E1', UnitId: unit.STH01 } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await listed('employee1')).refs).toEqual(['E1']);
    expect((await listed('employee2')).refs).toEqual([]);
    expect(
      (await client.call('employee2', 'DELETE', `${url()}/${mine.json<Row>().Id}`)).statusCode,
    ).toBe(404);
    const [stored] = (await storedRows(t, source.Id)).filter(
      (row) => row.id === mine.json<Row>().Id,
    );
    expect(stored!.created_by).toBe(await userIdOf(t, 'employee1'));
  });

  it('matches no row through a variable the caller lacks, never the rows where the field is null', async () => {
    const company = (
      await t.database.db
        .selectFrom('users')
        .select('companyId')
        .where('name', '=', 'employee1')
        .executeTakeFirstOrThrow()
    ).companyId!;
    await insertRow(client, source.Id, { Ref: 'C1', CompanyRef: company });
    await setRules(client, source.Id, {
      RowRules: [
        rowRule(administrator, 'CompanyRef eq $CurrentCompany'),
        rowRule(staff, 'CompanyRef eq $CurrentCompany'),
      ],
    });
    expect((await listed('employee1')).refs).toEqual(['C1']);
    // The administrator belongs to no company: not the rows without one either.
    expect(await listed('admin')).toMatchObject({ count: 0, refs: [] });
    await setRules(client, source.Id, {
      RowRules: [rowRule(administrator, 'CompanyRef ne $CurrentCompany')],
    });
    expect((await listed('admin')).count).toBe(0);
    await setRules(client, source.Id, {
      RowRules: [rowRule(administrator, 'not (CompanyRef eq $CurrentCompany)')],
    });
    expect((await listed('admin')).count).toBe(0);
  });

  it('lets a holder of several ruled roles reach what any of their rules allows', async () => {
    const employee1 = await userIdOf(t, 'employee1');
    await setRules(client, source.Id, {
      RowRules: [
        rowRule(staff, `UnitId eq ${unit.NTH01}`),
        rowRule(manager, `UnitId eq ${unit.STH01}`),
      ],
    });
    expect((await listed('employee1')).refs).toEqual(['N1', 'N2']);
    await t.database.db
      .insertInto('userRoles')
      .values({ userId: employee1, roleId: manager })
      .execute();
    try {
      expect((await listed('employee1')).refs).toEqual(['E1', 'N1', 'N2', 'S1']);
      await setRules(client, source.Id, {
        RowRules: [rowRule(staff, `UnitId eq ${unit.NTH01}`), rowRule(manager, null)],
      });
      expect((await listed('employee1')).count).toBe(6);
    } finally {
      await t.database.db
        .deleteFrom('userRoles')
        .where('userId', '=', employee1)
        .where('roleId', '=', manager)
        .execute();
    }
    expect((await listed('employee1')).refs).toEqual(['N1', 'N2']);
  });
});

describe('the deliveries (a built-in data source)', () => {
  const deliveries = deliveryEntity.id;
  const home = '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser';
  const everything = 'MineOnly=false&ShowPast=true&$count=true&$top=1000';
  let north: number;
  let southId: number;
  let northId: number;

  async function deliveryIdOf(code: string) {
    const row = await t.database.db
      .selectFrom('deliveries')
      .innerJoin('units', 'units.id', 'deliveries.unitId')
      .select('deliveries.id')
      .where('units.code', '=', code)
      .orderBy('deliveries.id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    const counted = await t.database.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('unitId', 'in', [unit.NTH01, unit.NTH02])
      .executeTakeFirstOrThrow();
    north = Number(counted.n);
    southId = await deliveryIdOf('STH01');
    northId = await deliveryIdOf('NTH01');
    await setRules(client, deliveries, {
      RowRules: [rowRule(staff, 'UnitId in $CurrentUserUnits')],
      FieldRules: [{ Field: 'SoldToPartyName', HiddenFor: [staff], ReadOnlyFor: [] }],
    });
  });
  afterAll(() => setRules(client, deliveries, {}));

  it("lists, counts and lists the values of only the caller's units' deliveries", async () => {
    const page = (await client.get('employee1', `${home}?${everything}`)).json<{
      '@odata.count': number;
      value: Record<string, unknown>[];
    }>();
    expect(north).toBeGreaterThan(0);
    expect(page['@odata.count']).toBe(north);
    expect(new Set(page.value.map((row) => row.UnitCode))).toEqual(new Set(['NTH01', 'NTH02']));
    expect(page.value.every((row) => !('SoldToPartyName' in row))).toBe(true);
    const admin = (await client.get('admin', `${home}?${everything}`)).json<{
      value: Record<string, unknown>[];
    }>();
    expect(admin.value.some((row) => row.UnitCode === 'STH01')).toBe(true);
    expect(admin.value[0]).toHaveProperty('SoldToPartyName');

    const values = await client.get(
      'employee1',
      '/api/Deliveries/FilterValues/UnitCode?MineOnly=false&ShowPast=true',
    );
    expect(values.json()).toEqual(['NTH01', 'NTH02']);
    const generic = await client.get('employee1', '/api/entities/Deliveries/values/UnitCode');
    expect(generic.json()).toEqual(['NTH01', 'NTH02']);
    const rows = await client.get(
      'employee1',
      `/api/dataSources/${deliveries}/data?$count=true&$top=1`,
    );
    expect(rows.json()).toMatchObject({ '@odata.count': north });
  });

  it('reads, saves and amends a delivery outside the rule as absent', async () => {
    expect(
      (await client.get('employee1', `/api/Deliveries/GetDeliveryById/${southId}`)).statusCode,
    ).toBe(404);
    const own = await client.get('employee1', `/api/Deliveries/GetDeliveryById/${northId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty('SoldToPartyName');
    const south = (
      await client.get('admin', `/api/Deliveries/GetDeliveryById/${southId}`)
    ).json<Row>();
    const saved = await client.post('employee1', '/api/Deliveries/SaveDelivery', {
      ...south,
      OutputTemperature: 150,
    });
    expect(saved.statusCode).toBe(404);
    const amended = await client.post('employee1', '/api/deliveries/AmendSelected', {
      DeliveriesIds: [southId],
      OutputTemp: 150,
    });
    expect(amended.statusCode).toBeGreaterThanOrEqual(400);
    const after = (
      await client.get('admin', `/api/Deliveries/GetDeliveryById/${southId}`)
    ).json<Row>();
    expect(after.Version).toBe(south.Version);
  });

  it("exports only the caller's units' deliveries, without the hidden column", async () => {
    const sheet = async (user: string) => {
      const response = await client.post(user, '/api/Excel/ExportDeliveries', {
        MineOnly: false,
        Actual: false,
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      const rows: ExcelJS.Row[] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push(row));
      return { header: rows[0]!, body: rows.slice(1) };
    };
    const own = await sheet('employee1');
    const all = await sheet('admin');
    expect(own.body).toHaveLength(north);
    expect(all.body.length).toBeGreaterThan(north);
    expect(own.header.cellCount).toBe(all.header.cellCount - 1);
  });

  it('refuses a save and a delete outside a write rule with 403, and changes nothing', async () => {
    await setRules(client, deliveries, {
      RowRules: [
        rowRule(manager, null, "UnitCode eq 'NTH01'"),
        rowRule(administrator, null, "UnitCode eq 'NTH01'"),
      ],
    });
    const south = (
      await client.get('manager', `/api/Deliveries/GetDeliveryById/${southId}`)
    ).json<Row>();
    const saved = await client.post('manager', '/api/Deliveries/SaveDelivery', {
      ...south,
      OutputTemperature: 151,
    });
    expect(saved.statusCode, saved.body).toBe(403);
    expect(errorOf(saved).Message).toBe('You may not change this row.');
    const deleted = await client.call(
      'admin',
      'DELETE',
      `/api/dataSources/${deliveries}/data/${southId}`,
    );
    expect(deleted.statusCode).toBe(403);
    const stored = await t.database.db
      .selectFrom('deliveries')
      .select(['version', 'outputTemperature'])
      .where('id', '=', southId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ version: south.Version, outputTemperature: south.OutputTemperature });
    await setRules(client, deliveries, {
      RowRules: [rowRule(staff, 'UnitId in $CurrentUserUnits')],
      FieldRules: [{ Field: 'SoldToPartyName', HiddenFor: [staff], ReadOnlyFor: [] }],
    });
  });

  it("pushes the state stream only the caller's units' deliveries", async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cookie = await signIn(t.app, 'employee1');
    const response = await fetch(`${base}/api/Deliveries/StateStream`, { headers: { cookie } });
    const reader = eventReader(response.body!);
    await reader.until((text) => text.includes('retry: 5000\n\n'));
    publishStateChanges(t.app.db, [
      { Id: southId, State: 'R', AvailableTimeForCompaction: 3, UnitId: unit.STH01 },
      { Id: northId, State: 'G', AvailableTimeForCompaction: 30, UnitId: unit.NTH01 },
    ]);
    await reader.until(() => reader.states().length > 0);
    publishStateChanges(t.app.db, [
      { Id: southId, State: 'A', AvailableTimeForCompaction: 9, UnitId: unit.STH01 },
    ]);
    publishStateChanges(t.app.db, [
      { Id: northId, State: 'Y', AvailableTimeForCompaction: 8, UnitId: unit.NTH01 },
    ]);
    await reader.until((text) => text.includes('"State":"Y"'));
    expect(reader.states()).toEqual([
      { Id: northId, State: 'G', AvailableTimeForCompaction: 30 },
      { Id: northId, State: 'Y', AvailableTimeForCompaction: 8 },
    ]);
    await reader.cancel();
  });
});

describe('saving rules', () => {
  let source: DataSourceView;

  beforeAll(async () => {
    source = await createSource(client, {
      Name: 'Ruled',
      PrimaryKeyField: 'Code',
      SchemaDefinition: {
        type: 'object',
        properties: {
          Code: { type: 'string' },
          UnitId: { type: 'integer' },
          Note: { type: 'string' },
        },
        required: ['Code'],
      },
    });
  });

  /** A refused save: 400 with these fields at fault, and nothing stored or moved on. */
  async function refused(rules: Parameters<typeof putRules>[2], fields: string[], status = 400) {
    const before = await storedRulesOf(t, source.Id);
    const response = await putRules(client, source.Id, rules);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 400) {
      expect(errorOf(response).Errors.map((error) => error.Field)).toEqual(fields);
    }
    expect(await storedRulesOf(t, source.Id)).toEqual(before);
    return errorOf(response);
  }

  it('answers no rules at first, stores them, moves the version on and logs the change', async () => {
    const first = await readRules(client, source.Id);
    // The readers of the data source: access-rules-others.test.ts.
    const readers = { ReaderRoleIds: expect.any(Array) as unknown };
    expect(first).toEqual({
      RowRules: [],
      OthersRule: null,
      FieldRules: [],
      Version: source.Version,
      ...readers,
    });
    const rules = {
      RowRules: [rowRule(staff, 'UnitId in $CurrentUserUnits', '  ')],
      FieldRules: [{ Field: 'Note', HiddenFor: [manager], ReadOnlyFor: [staff] }],
    };
    const saved = await putRules(client, source.Id, { ...rules, Version: first.Version });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      RowRules: [rowRule(staff, 'UnitId in $CurrentUserUnits', null)],
      FieldRules: rules.FieldRules,
    };
    expect(saved.json()).toEqual({
      ...expected,
      OthersRule: null,
      Version: first.Version + 1,
      ...readers,
    });
    expect(await storedRulesOf(t, source.Id)).toEqual({
      accessRules: expected,
      version: first.Version + 1,
    });
    const log = await changeLogOf(t, 'DataSource', source.Id);
    expect(log.at(-1)).toMatchObject({ actionType: 1, userName: 'admin' });
    expect(JSON.stringify(log.at(-1)!.changes)).toContain('AccessRules');

    // The designer's save of the definition is stale now: the rules moved the version on.
    const stale = await client.put('admin', '/api/dataSources', {
      Id: source.Id,
      Name: source.Name,
      PrimaryKeyField: source.PrimaryKeyField,
      SchemaDefinition: source.SchemaDefinition,
      Version: source.Version,
    });
    expect(stale.statusCode).toBe(409);

    const cleared = await putRules(client, source.Id, {});
    expect(cleared.statusCode).toBe(200);
    expect((await storedRulesOf(t, source.Id)).accessRules).toBeNull();
  });

  it('refuses filters that do not read, naming the rule and the reason', async () => {
    const unknown = await refused(
      { RowRules: [rowRule(staff, null), rowRule(staff, 'Nope eq 1', null)] },
      ['RowRules[1].Read'],
    );
    expect(unknown.Errors[0]!.Message).toContain("RowRules[1].Read: unknown field 'Nope'");
    const list = await refused(
      { RowRules: [rowRule(staff, null, 'UnitId eq $CurrentUserUnits')] },
      ['RowRules[0].Write'],
    );
    expect(list.Errors[0]!.Message).toContain("'$CurrentUserUnits' holds many values");
    await refused({ RowRules: [rowRule(staff, 'UnitId eq $Me', null)] }, ['RowRules[0].Read']);
    await refused({ RowRules: [rowRule(staff, null, "Note eq 'x' and")] }, ['RowRules[0].Write']);
  });

  it('refuses fields that are absent, identify the row or are ruled twice, and roles that do not exist', async () => {
    const rule = (Field: string) => ({ Field, HiddenFor: [staff], ReadOnlyFor: [] });
    const errors = await refused(
      {
        FieldRules: [
          rule('Nope'),
          rule('Id'),
          rule('Code'),
          rule('Version'),
          rule('Note'),
          rule('Note'),
        ],
      },
      [
        'FieldRules[0].Field',
        'FieldRules[1].Field',
        'FieldRules[2].Field',
        'FieldRules[3].Field',
        'FieldRules[5].Field',
      ],
    );
    expect(errors.Errors[0]!.Message).toBe("Ruled has no field 'Nope'.");
    await refused(
      {
        RowRules: [{ RoleIds: [staff, 999_999], Read: null, Write: null }],
        FieldRules: [{ Field: 'Note', HiddenFor: [], ReadOnlyFor: [888_888] }],
      },
      ['RowRules[0].RoleIds', 'FieldRules[0].ReadOnlyFor'],
    );
    // The contract's own schema (ajv), before any rule is read.
    await refused({ RowRules: [{ RoleIds: [], Read: null, Write: null }] }, ['RowRules.0.RoleIds']);
  });

  it('lets a rule whose field the designer removed since match no row, until it is saved again', async () => {
    const made = await createSource(client, {
      Name: 'Shrinking',
      PrimaryKeyField: '',
      Permissions: everyone,
      SchemaDefinition: {
        type: 'object',
        properties: { Ref: { type: 'string' }, Note: { type: 'string' } },
      },
    });
    await insertRow(client, made.Id, { Ref: 'A', Note: 'open' });
    await setRules(client, made.Id, {
      RowRules: [rowRule(staff, "Note eq 'open'")],
      FieldRules: [{ Field: 'Note', HiddenFor: [], ReadOnlyFor: [staff] }],
    });
    const count = async () =>
      (await client.get('employee1', `${rowsUrl(made.Id)}?$count=true`)).json<{
        '@odata.count': number;
      }>()['@odata.count'];
    expect(await count()).toBe(1);
    const { Note: _dropped, ...kept } = (made.SchemaDefinition as { properties: object })
      .properties as Record<string, object>;
    const changed = await client.put('admin', '/api/dataSources', {
      Id: made.Id,
      Name: made.Name,
      PrimaryKeyField: '',
      Permissions: everyone,
      SchemaDefinition: { type: 'object', properties: kept },
      Version: (await readRules(client, made.Id)).Version,
      ConfirmDataLoss: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await count()).toBe(0);
    const resaved = await putRules(client, made.Id, await readRules(client, made.Id));
    expect(resaved.statusCode).toBe(400);
    expect(errorOf(resaved).Errors.map((error) => error.Field)).toEqual([
      'RowRules[0].Read',
      'RowRules[0].Write',
      'FieldRules[0].Field',
    ]);
  });

  it('refuses a stale or missing Version with 409 and 400', async () => {
    const { Version } = await readRules(client, source.Id);
    await refused({ RowRules: [rowRule(staff, null)], Version: Version - 1 }, [], 409);
    const missing = await client.put('admin', rulesUrl(source.Id), {
      RowRules: [],
      FieldRules: [],
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).Errors).toEqual([{ Field: 'Version', Message: 'is required' }]);
  });

  it('refuses the rules of the designers’ own data sources, and callers without ManageDataSources', async () => {
    for (const id of [gridPageEntity.id, dataSourceEntity.id]) {
      expect((await client.get('admin', rulesUrl(id))).statusCode).toBe(403);
      const response = await client.put('admin', rulesUrl(id), {
        RowRules: [],
        FieldRules: [],
        Version: 1,
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await client.get('employee1', rulesUrl(source.Id))).statusCode).toBe(403);
    expect((await client.get(null, rulesUrl(source.Id))).statusCode).toBe(401);
    expect((await client.get('admin', rulesUrl(999_999))).statusCode).toBe(404);
  });
});

/** PGlite is one process and has no second instance. */
describe.skipIf(testDatabaseKind !== 'postgres')('rules saved on one app instance', () => {
  it('bind the next call on another instance at once', async () => {
    const instances = await twoInstances();
    try {
      const designer = apiClient(instances.first);
      const other = apiClient({ ...instances.first, app: instances.second });
      const staffRole = await roleIdOf(instances.first, 'Staff');
      const made = await createSource(designer, {
        Name: 'Shared logs',
        PrimaryKeyField: '',
        Permissions: everyone,
        SchemaDefinition: { type: 'object', properties: { Ref: { type: 'string' } } },
      });
      await insertRow(designer, made.Id, { Ref: 'A' });
      const count = async () =>
        (await other.get('employee1', `${rowsUrl(made.Id)}?$count=true`)).json<{
          '@odata.count': number;
        }>()['@odata.count'];
      // The other instance reads, and so remembers, the definition without rules.
      expect(await count()).toBe(1);
      await setRules(designer, made.Id, { RowRules: [rowRule(staffRole, "Ref eq 'B'")] });
      // The NOTIFY travels on another connection: it arrives within moments.
      let seen = await count();
      for (let tries = 0; seen !== 0 && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await count();
      }
      expect(seen).toBe(0);
    } finally {
      await instances.close();
    }
  });
});
