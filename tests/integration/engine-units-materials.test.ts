import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialCodeMessages } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient } from '../support/api-client';

interface Saved {
  Id: number;
  Code: string;
  Name: string;
  Active: boolean;
  Version: number;
}

describe('units and materials through the engine', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  const logsOf = (entityType: string, entityId: number) =>
    t.database.db
      .selectFrom('changeLogs')
      .selectAll()
      .where('entityType', '=', entityType)
      .where('entityId', '=', String(entityId))
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  it('creates a unit, logs it, and answers it by id and in lists', async () => {
    const res = await client.post('manager', '/api/units/SaveUnit', {
      Id: 0,
      Code: 'ZZN1',
      Name: 'North plant',
      Stray: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    const unit = res.json<Saved>();
    expect(unit).toMatchObject({ Code: 'ZZN1', Name: 'North plant', Active: true, Version: 1 });
    expect(unit).not.toHaveProperty('Stray');

    const logs = await logsOf('Unit', unit.Id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actionType: 0, userName: 'manager' });
    expect(logs[0]!.changes).toContainEqual(
      expect.objectContaining({ Field: 'Code', NewValue: 'ZZN1' }),
    );

    const byId = await client.get('manager', `/api/units/GetUnitById/${unit.Id}`);
    expect(byId.json()).toEqual(unit);
    const blank = await client.get('manager', '/api/units/GetUnitById/0');
    expect(blank.json()).toEqual({ Id: 0, Code: '', Name: '', Active: true, Version: 0 });
    const list = await client.get(
      'manager',
      `/odata/UnitsOData?$filter=${encodeURIComponent("contains(Code,'ZZN')")}&$count=true`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ '@odata.count': 1, value: [unit] });
  });

  it("answers GetUnits to every signed-in user: every unit, by code, in the spec's shape", async () => {
    await t.database.db
      .insertInto('units')
      .values({ code: 'AAOLD', name: 'Closed plant', active: false })
      .execute();
    const stored = await t.database.db
      .selectFrom('units')
      .select(['id', 'code', 'name', 'active', 'latitude', 'longitude', 'postcode'])
      .orderBy('code')
      .execute();
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.some((unit) => !unit.active)).toBe(true);
    // The demo plants are where they really are; a unit without a location answers nulls.
    expect(stored.find((unit) => unit.code === 'NTH01')).toMatchObject({
      latitude: expect.closeTo(53.79, 1) as number,
      longitude: expect.closeTo(-1.51, 1) as number,
      postcode: 'LS9 0PS',
    });
    const expected = stored.map((unit) => ({
      Id: unit.id,
      Code: unit.code,
      Name: unit.name,
      Active: unit.active,
      Latitude: unit.latitude,
      Longitude: unit.longitude,
      Postcode: unit.postcode,
      Version: expect.any(Number) as number,
    }));
    for (const user of ['admin', 'employee1']) {
      const res = await client.get(user, '/api/units/GetUnits');
      expect(res.statusCode, user).toBe(200);
      expect(res.json(), user).toEqual(expected);
    }
    expect((await client.get(null, '/api/units/GetUnits')).statusCode).toBe(401);
  });

  it('updates with the version read, refuses a stale save and changes nothing', async () => {
    const created = (
      await client.post('manager', '/api/units/SaveUnit', { Code: 'STH1', Name: 'South plant' })
    ).json<Saved>();
    const updated = await client.post('manager', '/api/units/SaveUnit', {
      ...created,
      Name: 'South plant (new)',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'South plant (new)', Version: 2 });

    const stale = await client.post('manager', '/api/units/SaveUnit', {
      ...created,
      Name: 'Overwrite',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Message).toMatch(/changed by someone else/);
    const row = await t.database.db
      .selectFrom('units')
      .selectAll()
      .where('id', '=', created.Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'South plant (new)', version: 2 });

    const logs = await logsOf('Unit', created.Id);
    expect(logs.map((log) => log.actionType)).toEqual([0, 1]);
    expect(logs[1]!.changes).toEqual([
      {
        Field: 'Name',
        OldValue: 'South plant',
        NewValue: 'South plant (new)',
        ChangeText: 'Name: South plant → South plant (new)',
      },
    ]);
  });

  it('refuses bad input field by field and a duplicate code', async () => {
    const bad = await client.post('manager', '/api/units/SaveUnit', {
      Code: '',
      Name: 'x'.repeat(300),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toEqual(
      expect.arrayContaining([
        { Field: 'Code', Message: 'is required' },
        { Field: 'Name', Message: 'must be at most 200 characters' },
      ]),
    );
    await client.post('manager', '/api/units/SaveUnit', { Code: 'DUP', Name: 'One' });
    const dup = await client.post('manager', '/api/units/SaveUnit', { Code: 'dup', Name: 'Two' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Errors).toEqual([
      { Field: 'Code', Message: 'There is already an item with this Code.' },
    ]);
    const count = await t.database.db
      .selectFrom('units')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('name', '=', 'Two')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('keeps units to those who may manage them', async () => {
    expect((await client.get('employee1', '/api/units/GetUnitById/0')).statusCode).toBe(403);
    expect(
      (await client.post('employee1', '/api/units/SaveUnit', { Code: 'X', Name: 'X' })).statusCode,
    ).toBe(403);
    expect((await client.get('employee1', '/odata/UnitsOData')).statusCode).toBe(403);
    expect((await client.get(null, '/odata/UnitsOData')).statusCode).toBe(401);
  });

  it('refuses a material code identical to an active or an inactive pattern', async () => {
    const active = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'AC 14 ?',
      Name: 'Dense binder',
      CanAddEvotherm: true,
    });
    expect(active.statusCode).toBe(200);
    const clash = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'ac 14 ?',
      Name: 'Copy',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().Message).toBe(materialCodeMessages.activeMatch);

    await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'SMA 10',
      Name: 'Old surface',
      Active: false,
    });
    const inactive = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'SMA 10',
      Name: 'New surface',
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().Message).toBe(materialCodeMessages.inactiveMatch);

    const pattern = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'AC-14',
      Name: 'Bad code',
    });
    expect(pattern.statusCode).toBe(400);
    expect(pattern.json().Errors).toEqual([
      { Field: 'Code', Message: 'contains characters that are not allowed' },
    ]);

    const found = await client.get(
      'manager',
      '/api/materials/GetMaterialByCodeIfExists?code=ac%2014%20%3F',
    );
    expect(found.json()).toMatchObject({ Code: 'AC 14 ?', CanAddEvotherm: true });
    const self = active.json<Saved>();
    const notOther = await client.get(
      'manager',
      `/api/materials/GetMaterialByCodeIfExists?code=AC%2014%20%3F&id=${self.Id}`,
    );
    expect(notOther.json()).toBeNull();
  });

  it("keeps a unit's location, tidies its postcode and refuses half a location", async () => {
    const saved = await client.post('manager', '/api/units/SaveUnit', {
      Code: 'LOC1',
      Name: 'Located plant',
      Latitude: 53.79,
      Longitude: -1.51,
      Postcode: ' ls9  0ps ',
    });
    expect(saved.statusCode).toBe(200);
    const unit = saved.json<Saved & { Latitude: number; Longitude: number; Postcode: string }>();
    expect(unit).toMatchObject({ Latitude: 53.79, Longitude: -1.51, Postcode: 'LS9 0PS' });
    expect((await client.get('manager', `/api/units/GetUnitById/${unit.Id}`)).json()).toEqual(unit);
    const row = await t.database.db
      .selectFrom('units')
      .select(['latitude', 'longitude', 'postcode'])
      .where('id', '=', unit.Id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ latitude: 53.79, longitude: -1.51, postcode: 'LS9 0PS' });
    const [log] = await logsOf('Unit', unit.Id);
    expect(log!.changes).toContainEqual(
      expect.objectContaining({ Field: 'Postcode', NewValue: 'LS9 0PS' }),
    );

    const cases: [Record<string, unknown>, string][] = [
      [{ Latitude: 53.5 }, 'Longitude'],
      [{ Longitude: -1.2 }, 'Latitude'],
      [{ Postcode: 'NOT A PC' }, 'Postcode'],
      [{ Latitude: 40, Longitude: -1.2 }, 'Latitude'],
      [{ Latitude: 53.5, Longitude: 12 }, 'Longitude'],
    ];
    for (const [location, field] of cases) {
      const res = await client.post('manager', '/api/units/SaveUnit', {
        Code: 'LOC2',
        Name: 'Half located',
        ...location,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().Errors, field).toEqual([{ Field: field, Message: expect.any(String) }]);
    }
    const cleared = await client.post('manager', '/api/units/SaveUnit', {
      ...unit,
      Latitude: null,
      Longitude: null,
      Postcode: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ Latitude: null, Longitude: null, Postcode: null });
    const strays = await t.database.db
      .selectFrom('units')
      .select('id')
      .where('code', '=', 'LOC2')
      .execute();
    expect(strays).toEqual([]);
  });

  it("keeps a material's mix temperatures, mix type and stop temperature", async () => {
    const saved = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'SMA 20 TEST',
      Name: 'SMA 20 binder course',
      CanAddEvotherm: true,
      MinMixTemp: 140,
      MaxMixTemp: 175,
      MixType: 'sma',
      StopTemperature: 85,
    });
    expect(saved.statusCode).toBe(200);
    const material = saved.json<Saved>();
    expect(material).toMatchObject({
      MinMixTemp: 140,
      MaxMixTemp: 175,
      MixType: 'sma',
      StopTemperature: 85,
    });
    const row = await t.database.db
      .selectFrom('materials')
      .select(['minMixTemp', 'maxMixTemp', 'mixType', 'stopTemperature'])
      .where('id', '=', material.Id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ minMixTemp: 140, maxMixTemp: 175, mixType: 'sma', stopTemperature: 85 });
    expect(
      (await client.get('manager', `/api/materials/GetMaterialById/${material.Id}`)).json(),
    ).toEqual(material);

    const plain = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'AC 10 TEST',
      Name: 'No temperatures yet',
    });
    expect(plain.json()).toMatchObject({ MixType: 'dense', MinMixTemp: null, MaxMixTemp: null });

    const cases: [Record<string, unknown>, string][] = [
      [{ MinMixTemp: 143 }, 'MinMixTemp'],
      [{ MaxMixTemp: 300 }, 'MaxMixTemp'],
      [{ MixType: 'hot' }, 'MixType'],
      [{ StopTemperature: 500 }, 'StopTemperature'],
    ];
    for (const [fields, field] of cases) {
      const res = await client.post('manager', '/api/materials/SaveMaterial', {
        ...material,
        ...fields,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().Errors, field).toEqual([{ Field: field, Message: expect.any(String) }]);
    }
    const after = await t.database.db
      .selectFrom('materials')
      .select(['minMixTemp', 'maxMixTemp', 'mixType', 'stopTemperature', 'version'])
      .where('id', '=', material.Id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ ...row, version: 1 });
  });

  it('refuses a mix range upside down, naming MaxMixTemp, on create and on update', async () => {
    const inverted = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'AC 6 UPSIDE DOWN',
      Name: 'Inverted',
      MinMixTemp: 180,
      MaxMixTemp: 140,
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().Errors).toEqual([
      { Field: 'MaxMixTemp', Message: 'must not be below MinMixTemp (180)' },
    ]);
    const none = await t.database.db
      .selectFrom('materials')
      .select('id')
      .where('code', '=', 'AC 6 UPSIDE DOWN')
      .execute();
    expect(none).toEqual([]);

    const single = await client.post('manager', '/api/materials/SaveMaterial', {
      Code: 'AC 6 ONE TEMP',
      Name: 'One temperature only',
      MinMixTemp: 160,
      MaxMixTemp: 160,
    });
    expect(single.statusCode).toBe(200);
    const material = single.json<Saved>();

    // The stored MinMixTemp counts: a save that posts only a lower MaxMixTemp is refused too.
    const { MinMixTemp: _min, ...withoutMin } = material as Saved & { MinMixTemp?: number };
    const lowered = await client.post('manager', '/api/materials/SaveMaterial', {
      ...withoutMin,
      MaxMixTemp: 150,
    });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().Errors).toEqual([
      { Field: 'MaxMixTemp', Message: 'must not be below MinMixTemp (160)' },
    ]);
    const row = await t.database.db
      .selectFrom('materials')
      .select(['minMixTemp', 'maxMixTemp', 'version'])
      .where('id', '=', material.Id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ minMixTemp: 160, maxMixTemp: 160, version: 1 });

    const open = await client.post('manager', '/api/materials/SaveMaterial', {
      ...material,
      MinMixTemp: null,
      MaxMixTemp: 150,
    });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ MinMixTemp: null, MaxMixTemp: 150, Version: 2 });
  });

  it('answers unique checks, failing closed for callers who may not read', async () => {
    await client.post('manager', '/api/units/SaveUnit', { Code: 'UNQ', Name: 'Unique' });
    const taken = await client.post('manager', '/api/check/IsUniqueCode', {
      field: 'Code',
      val: 'unq',
      entity: 'Units',
    });
    expect(taken.json()).toEqual({ isUnique: false });
    const free = await client.post('manager', '/api/check/IsUniqueCode', {
      field: 'Code',
      val: 'FREE',
      entity: 'Units',
    });
    expect(free.json()).toEqual({ isUnique: true });
    const denied = await client.post('employee1', '/api/check/IsUniqueCode', {
      field: 'Code',
      val: 'UNQ',
      entity: 'Units',
    });
    expect(denied.statusCode).toBe(403);
    const unknown = await client.post('manager', '/api/check/IsUniqueSecret', {
      field: 'PasswordHash',
      val: 'x',
      entity: 'Units',
    });
    expect(unknown.statusCode).toBe(400);
  });
});
