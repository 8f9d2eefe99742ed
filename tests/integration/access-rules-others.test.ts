import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceView } from '#metadata';
import {
  putRules,
  readRules,
  roleIdOf,
  rowRule,
  setRules,
  storedRulesOf,
  unitIdOf,
} from '../support/access-rules';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  anySignedInUser,
  changeLogOf,
  columnNameOf,
  createSource,
  errorOf,
  insertRow,
  rowsUrl,
  storedRows,
  userIdOf,
} from '../support/user-tables';

/**
 * The everyone-else rule (issue 33): rules naming only Staff restrict `employee1` (Staff) and
 * leave a Manager, and the administrator, every row, as rules always did, until a rule for
 * everyone else (`OthersRule`) is saved; it then binds every caller holding no named role
 * through every path: list, count, value list, single read, save (its write filter) and delete.
 * Rules without one, or saved without one, keep their meaning.
 */

type Row = Record<string, unknown> & { Id: number; Version: number };

let t: TestApp;
let client: ApiClient;
let source: DataSourceView;
let staff: number;
let manager: number;
let byRef: Record<string, Row>;

const url = () => rowsUrl(source.Id);
const rowUrl = (ref: string) => `${url()}/${byRef[ref]!.Id}`;
const staffRule = () => rowRule(staff, 'UnitId in $CurrentUserUnits');

/** The Refs a caller's list answers, its count, and the values of Ref they may pick from. */
async function reach(user: string) {
  const list = await client.get(user, `${url()}?$count=true&$orderby=Ref`);
  expect(list.statusCode, list.body).toBe(200);
  const page = list.json<{ '@odata.count': number; value: Row[] }>();
  const odata = await client.get(user, `/odata/${source.Name}OData?$count=true`);
  const values = await client.get(user, `/api/entities/${source.Name}/values/Ref`);
  return {
    refs: page.value.map((row) => row.Ref),
    count: page['@odata.count'],
    odataCount: odata.json<{ '@odata.count': number }>()['@odata.count'],
    values: values.json<string[]>(),
  };
}

const everything = ['M1', 'N1', 'N2', 'S1'];
const all = { refs: everything, count: 4, odataCount: 4, values: everything };

const storedRefs = async () =>
  (await storedRows(t, source.Id)).map((row) => row[columnNameOf(source, 'Ref')]).sort();

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  staff = await roleIdOf(t, 'Staff');
  manager = await roleIdOf(t, 'Manager');
  source = await createSource(client, {
    Name: 'CrewNotes',
    PrimaryKeyField: '',
    Permissions: anySignedInUser,
    SchemaDefinition: {
      type: 'object',
      properties: {
        Ref: { type: 'string', 'x-unique': true },
        UnitId: { type: 'integer' },
        Note: { type: 'string' },
      },
      required: ['Ref'],
    },
  });
  byRef = {};
  for (const [Ref, code] of [
    ['N1', 'NTH01'],
    ['N2', 'NTH02'],
    ['S1', 'STH01'],
    ['M1', 'MID01'],
  ] as const) {
    byRef[Ref] = await insertRow(client, source.Id, { Ref, UnitId: await unitIdOf(t, code) });
  }
});
afterAll(() => t.close());

describe('rules naming only Staff', () => {
  it('restrict employee1 and leave a role no rule names every row while there is no rule for everyone else', async () => {
    const saved = await setRules(client, source.Id, { RowRules: [staffRule()] });
    expect(saved.OthersRule).toBeNull();
    // Stored as before the everyone-else rule existed.
    expect((await storedRulesOf(t, source.Id)).accessRules).not.toHaveProperty('OthersRule');
    expect(await reach('employee1')).toEqual({
      refs: ['N1', 'N2'],
      count: 2,
      odataCount: 2,
      values: ['N1', 'N2'],
    });
    expect(await reach('manager')).toEqual(all);
    expect(await reach('admin')).toEqual(all);
    expect((await client.get('manager', rowUrl('S1'))).statusCode).toBe(200);
  });

  it('answer the roles that may read the data source, for the designer to warn of', async () => {
    const roles = await t.database.db.selectFrom('roles').select('id').orderBy('id').execute();
    // Every role may read a data source any signed-in user reads.
    expect((await readRules(client, source.Id)).ReaderRoleIds).toEqual(roles.map((r) => r.id));
    // Units: read by ManageUnits (the Manager) and the administrator role (every permission).
    const units = await readRules(client, 1);
    expect(units.ReaderRoleIds.sort()).toEqual(
      [manager, await roleIdOf(t, 'Administrator')].sort(),
    );
  });
});

describe('a rule for everyone else', () => {
  beforeAll(async () => {
    await setRules(client, source.Id, {
      RowRules: [staffRule()],
      OthersRule: { Read: "Ref in ('N1', 'S1')", Write: "Ref eq 'S1'" },
    });
  });

  it('binds the Manager and the administrator in lists, counts and value lists, and not employee1', async () => {
    const others = { refs: ['N1', 'S1'], count: 2, odataCount: 2, values: ['N1', 'S1'] };
    expect(await reach('manager')).toEqual(others);
    expect(await reach('admin')).toEqual(others);
    expect((await reach('employee1')).refs).toEqual(['N1', 'N2']);
    expect((await readRules(client, source.Id)).OthersRule).toEqual({
      Read: "Ref in ('N1', 'S1')",
      Write: "Ref eq 'S1'",
    });
  });

  it('reads a row outside its read filter as absent, and refuses a save or delete outside its write filter', async () => {
    expect((await client.get('manager', rowUrl('N2'))).statusCode).toBe(404);
    expect((await client.get('manager', rowUrl('M1'))).statusCode).toBe(404);
    expect((await client.get('employee1', rowUrl('N2'))).statusCode).toBe(200);
    const n1 = await client.get('manager', rowUrl('N1'));
    expect(n1.statusCode).toBe(200);

    const before = await storedRows(t, source.Id);
    const hidden = byRef.N2!;
    const outside = await client.put('manager', url(), {
      Id: hidden.Id,
      Json: { Ref: 'N2', Note: 'changed', Version: hidden.Version },
    });
    expect(outside.statusCode).toBe(404);
    const readOnly = await client.put('manager', url(), {
      Id: byRef.N1!.Id,
      Json: { Ref: 'N1', Note: 'changed', Version: n1.json<Row>().Version },
    });
    expect(readOnly.statusCode, readOnly.body).toBe(403);
    expect((await client.call('manager', 'DELETE', rowUrl('N1'))).statusCode).toBe(403);
    expect(errorOf(await client.call('admin', 'DELETE', rowUrl('N1'))).Message).toBe(
      'You may not change this row.',
    );
    expect((await client.call('manager', 'DELETE', rowUrl('N2'))).statusCode).toBe(404);
    // A row inside its write filter must stay inside it.
    const s1 = await client.get('manager', rowUrl('S1'));
    const movedOut = await client.put('manager', url(), {
      Id: byRef.S1!.Id,
      Json: { Ref: 'S9', Version: s1.json<Row>().Version },
    });
    expect(movedOut.statusCode, movedOut.body).toBe(403);
    expect(await storedRows(t, source.Id)).toEqual(before);

    const inside = await client.put('manager', url(), {
      Id: byRef.S1!.Id,
      Json: { Ref: 'S1', Note: 'checked', Version: s1.json<Row>().Version },
    });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json()).toMatchObject({ Ref: 'S1', Note: 'checked' });
    expect((await client.call('manager', 'DELETE', rowUrl('S1'))).statusCode).toBe(204);
    expect(await storedRefs()).toEqual(['M1', 'N1', 'N2']);
    byRef.S1 = await insertRow(client, source.Id, {
      Ref: 'S1',
      UnitId: await unitIdOf(t, 'STH01'),
    });
  });

  it('does not bind a caller holding a named role as well', async () => {
    const employee1 = await userIdOf(t, 'employee1');
    await t.database.db
      .insertInto('userRoles')
      .values({ userId: employee1, roleId: manager })
      .execute();
    try {
      expect((await reach('employee1')).refs).toEqual(['N1', 'N2']);
    } finally {
      await t.database.db
        .deleteFrom('userRoles')
        .where('userId', '=', employee1)
        .where('roleId', '=', manager)
        .execute();
    }
  });

  it("with Read 'false' leaves the rows to the named roles only", async () => {
    await setRules(client, source.Id, {
      RowRules: [staffRule()],
      OthersRule: { Read: 'false', Write: 'false' },
    });
    const none = { refs: [], count: 0, odataCount: 0, values: [] };
    expect(await reach('manager')).toEqual(none);
    expect(await reach('admin')).toEqual(none);
    expect((await reach('employee1')).refs).toEqual(['N1', 'N2']);
    expect((await client.get('manager', rowUrl('N1'))).statusCode).toBe(404);
    expect((await client.call('manager', 'DELETE', rowUrl('N1'))).statusCode).toBe(404);
  });

  it('binds everyone when no row rule names a role', async () => {
    await setRules(client, source.Id, { OthersRule: { Read: "Ref eq 'M1'", Write: null } });
    for (const user of ['employee1', 'manager', 'admin']) {
      expect((await reach(user)).refs, user).toEqual(['M1']);
    }
  });

  it('without filters leaves everyone else every row, and an absent one is none', async () => {
    const saved = await setRules(client, source.Id, {
      RowRules: [staffRule()],
      OthersRule: { Read: ' ', Write: null },
    });
    expect(saved.OthersRule).toEqual({ Read: null, Write: null });
    expect(await reach('manager')).toEqual(all);

    await setRules(client, source.Id, {
      RowRules: [staffRule()],
      OthersRule: { Read: "Ref eq 'M1'", Write: null },
    });
    expect((await reach('manager')).refs).toEqual(['M1']);
    // Saved as before the rule existed: none.
    await setRules(client, source.Id, { RowRules: [staffRule()] });
    expect(await reach('manager')).toEqual(all);
    expect((await readRules(client, source.Id)).OthersRule).toBeNull();
  });

  it('is refused naming its filter when it does not read, and the refusal changes nothing', async () => {
    const before = await storedRulesOf(t, source.Id);
    const refused = await putRules(client, source.Id, {
      RowRules: [staffRule()],
      OthersRule: { Read: 'Nope eq 1', Write: "Ref eq 'M1'" },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).Errors.map((error) => error.Field)).toEqual(['OthersRule.Read']);
    expect(await storedRulesOf(t, source.Id)).toEqual(before);
  });

  it('is logged in the change log of the data source', async () => {
    await setRules(client, source.Id, {
      RowRules: [staffRule()],
      OthersRule: { Read: null, Write: "Ref eq 'M1'" },
    });
    const log = await changeLogOf(t, 'DataSource', source.Id);
    expect(JSON.stringify(log.at(-1))).toContain("Ref eq 'M1'");
  });
});
