import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient } from '../support/api-client';

const q = (options: Record<string, string>) => `?${new URLSearchParams(options).toString()}`;

describe('engine lists (odata/*)', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const units = Array.from({ length: 30 }, (_, i) => ({
      code: `U${String(i + 1).padStart(2, '0')}`,
      name: i % 3 === 0 ? `North plant ${i + 1}` : `South plant ${i + 1}`,
      active: i % 5 !== 0,
    }));
    await t.database.db.insertInto('units').values(units).execute();
  });
  afterAll(() => t.close());

  it('pages, sorts by several keys, filters and counts', async () => {
    const res = await client.get(
      'manager',
      `/odata/UnitsOData${q({
        $filter: "Active eq true and (startswith(Name,'North') or Code eq 'U02')",
        $orderby: 'Active desc,Name desc',
        $top: '3',
        $skip: '1',
        $count: 'true',
        $select: 'Code,Name',
      })}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ '@odata.count': number; value: Record<string, unknown>[] }>();
    // Active Norths: 4, 7, 10, 13, 19, 22, 25, 28 (1 and 16 inactive) plus U02.
    expect(body['@odata.count']).toBe(9);
    expect(body.value.map((row) => row.Name)).toEqual([
      'North plant 7',
      'North plant 4',
      'North plant 28',
    ]);
    expect(Object.keys(body.value[0]!).sort()).toEqual(['Code', 'Id', 'Name', 'Version']);
  });

  it('refuses unknown fields, SQL fragments, deep nesting and a huge $top with a 400', async () => {
    const countUnits = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('units')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countUnits();
    const cases: [Record<string, string>, RegExp][] = [
      [{ $filter: "Nmae eq 'x'" }, /unknown field 'Nmae'/],
      [{ $filter: "Name eq 'x'; drop table units --" }, /\$filter/],
      [{ $filter: '1 eq 1) or (1 eq 1' }, /\$filter/],
      [{ $filter: `${'('.repeat(500)}Active eq true${')'.repeat(500)}` }, /\$filter/],
      [{ $top: '1000000' }, /\$top/],
      [{ $orderby: 'Password desc' }, /\$orderby/],
      [{ $expand: 'Roles' }, /\$expand/],
      [{ $filter: 'contains(Name)' }, /contains/],
    ];
    for (const [options, message] of cases) {
      const res = await client.get('manager', `/odata/UnitsOData${q(options)}`);
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(res.json().Message).toMatch(message);
      expect(res.json().Message).not.toMatch(/select|from units|stack/i);
    }
    expect(await countUnits()).toBe(before);
  });

  it('answers a distinct value list for a column filter', async () => {
    const res = await client.get(
      'manager',
      '/api/entities/Units/values/Name?search=north%20plant%201',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      'North plant 1',
      'North plant 10',
      'North plant 13',
      'North plant 16',
      'North plant 19',
    ]);
    const secret = await client.get('admin', '/api/entities/Users/values/PasswordHash');
    expect(secret.statusCode).toBe(400);
  });

  it('lists only the values of rows within the grid’s other filters', async () => {
    const filter = encodeURIComponent('Active eq false');
    const res = await client.get(
      'manager',
      `/api/entities/Units/values/Name?search=north%20plant%201&$filter=${filter}`,
    );
    expect(res.statusCode).toBe(200);
    // Of the North plants 1, 10, 13, 16 and 19 only 1 and 16 are inactive.
    expect(res.json()).toEqual(['North plant 1', 'North plant 16']);
    const bad = await client.get(
      'manager',
      '/api/entities/Units/values/Name?$filter=Nope%20eq%201',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toMatch(/Nope/);
  });

  it('lists the audit log newest first, with readable action types', async () => {
    const saved = await client.post('manager', '/api/units/SaveUnit', {
      Code: 'AUD',
      Name: 'Audited',
    });
    const unit = saved.json<{ Id: number; Version: number }>();
    await client.post('manager', '/api/units/SaveUnit', {
      ...unit,
      Code: 'AUD',
      Name: 'Audited 2',
    });
    const res = await client.get(
      'manager',
      `/odata/ChangeLogsOData${q({
        $filter: `EntityType eq 'Unit' and EntityId eq '${unit.Id}'`,
        $orderby: 'DateTime desc,Id desc',
        $top: '5',
        $count: 'true',
      })}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ '@odata.count': number; value: Record<string, unknown>[] }>();
    expect(body['@odata.count']).toBe(2);
    expect(body.value.map((row) => row.ActionTypeText)).toEqual(['Update', 'Create']);
    expect(body.value[0]).toMatchObject({ UserName: 'manager', ActionType: 1 });
    expect(typeof body.value[0]!.DateTime).toBe('string');
    expect((await client.get('employee1', '/odata/ChangeLogsOData')).statusCode).toBe(403);
  });

  it('lists grid pages and data sources for those who design them', async () => {
    const pages = await client.get(
      'admin',
      `/odata/GridPagesOData${q({ $select: 'PageTitle', $count: 'true' })}`,
    );
    expect(pages.statusCode).toBe(200);
    expect(pages.json().value).toContainEqual(
      expect.objectContaining({ Id: 1, PageTitle: 'ROUTES.UNITS' }),
    );
    const sources = await client.get(
      'admin',
      `/odata/DataSourcesOData${q({ $filter: "Name eq 'Units'" })}`,
    );
    expect(sources.json().value).toEqual([
      expect.objectContaining({ Id: 1, Name: 'Units', IsVirtual: true, IsSystem: true }),
    ]);
    expect(JSON.stringify(sources.json())).not.toMatch(/storage|"table"/);
    expect((await client.get('manager', '/odata/GridPagesOData')).statusCode).toBe(403);
    expect((await client.get('admin', '/odata/NoSuchThingOData')).statusCode).toBe(404);
  });

  it('serves a grid page with its schema, form and calls', async () => {
    const res = await client.get('manager', '/api/grids/1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Id: 1,
      DataSourceName: 'Units',
      EntityType: 'Unit',
      PkField: 'Id',
      ListUrl: '/odata/UnitsOData',
      PageSize: 20,
      DefaultFilter: 'Active eq true',
      Api: { Get: '/api/units/GetUnitById/{id}', Save: '/api/units/SaveUnit', Delete: null },
      SchemaDefinition: { type: 'object' },
    });
    expect((await client.get('employee1', '/api/grids/1')).statusCode).toBe(403);
    expect((await client.get('manager', '/api/grids/999')).statusCode).toBe(404);
  });
});
