import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMessages } from '#metadata';
import { apiClient } from '../support/api-client';
import {
  clearDeliveries,
  createDelivery,
  createUnit,
  hoursFromNow,
  linkUserUnit,
  storedDelivery,
  giveOnlyRole,
  grantPermission,
  createHotAndCoolMixes,
} from '../support/deliveries';
import { createTestApp, type TestApp } from '../support/test-app';

type Delivery = Record<string, unknown> & { Id: number; Version: number; State: string };

const byId = (id: number) => `/api/Deliveries/GetDeliveryById/${id}`;
const save = '/api/Deliveries/SaveDelivery';
const whatIf = '/api/Deliveries/SetNewState';
const amend = '/api/deliveries/AmendSelected';
const canAmend = '/api/deliveries/CanAmendSelected';
const deleteAll = '/api/Deliveries/DeleteAll';

/**
 * The single-delivery and bulk calls: reads, blank forms, the what-if, saves and amends with
 * the material's rules, staff kept to their own units' deliveries (others' read-only), the
 * version check, the change log, and the administrators' delete; each checked in the database.
 */
describe('the delivery calls (api/Deliveries/*, api/deliveries/*)', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  const ids = { mineHot: 0, mineCool: 0, theirs: 0, past: 0, created: 0 };
  const units = { north: 0, south: 0 };
  const hotCode = 'QA-CALL-HOT';
  const coolCode = 'QA-CALL-COOL';

  const read = async (user: string, id: number) => {
    const res = await client.get(user, byId(id));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<Delivery>();
  };
  const stored = (id: number) => storedDelivery(t.database.db, id);
  const logsOf = (entityId: string) =>
    t.database.db
      .selectFrom('changeLogs')
      .selectAll()
      .where('entityType', '=', 'Delivery')
      .where('entityId', '=', entityId)
      .orderBy('id')
      .execute();
  const countDeliveries = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const db = t.database.db;
    await clearDeliveries(db);
    // manager: ManageDeliveries (creates, writes every field) but not an administrator.
    await grantPermission(db, 'Manager', 'ManageDeliveries');
    // demo: may view deliveries, nothing more.
    await giveOnlyRole(db, 'demo', 'Delivery viewer', ['ViewDeliveries']);
    units.north = await createUnit(db, 'QCN');
    units.south = await createUnit(db, 'QCS');
    await linkUserUnit(db, 'employee1', units.north);
    await linkUserUnit(db, 'employee2', units.south);
    const { hot, cool } = await createHotAndCoolMixes(db, hotCode, coolCode);
    const future = hoursFromNow(30);
    ids.mineHot = await createDelivery(db, {
      unitId: units.north,
      material: hot,
      startTime0: future,
    });
    ids.mineCool = await createDelivery(db, {
      unitId: units.north,
      material: cool,
      startTime0: future,
      extra: { outputTemperature: 140 },
    });
    ids.theirs = await createDelivery(db, {
      unitId: units.south,
      material: hot,
      startTime0: future,
    });
    ids.past = await createDelivery(db, {
      unitId: units.north,
      material: hot,
      startTime0: hoursFromNow(-60),
    });
  });
  afterAll(() => t.close());

  it('answers a delivery by id, with Mine, its state fields and ISO dates', async () => {
    const mine = await read('employee1', ids.mineHot);
    expect(mine).toMatchObject({
      Id: ids.mineHot,
      Mine: 1,
      UnitId: units.north,
      UnitCode: 'QCN',
      MaterialCode: hotCode,
      MinMixTemp: 140,
      MaxMixTemp: 180,
      CanAddEvotherm: true,
      OutputTemperature: 160,
      Thickness: 40,
      EvoThermAllowed: false,
      State: 'G',
      Version: 1,
    });
    for (const field of ['StateReason', 'StateInputs', 'AvailableTimeForCompaction']) {
      expect(mine).toHaveProperty(field);
    }
    expect(mine.StartTime0).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(mine.DeliveryDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    // Another unit's delivery is read, as not Mine.
    expect(await read('employee1', ids.theirs)).toMatchObject({ Id: ids.theirs, Mine: 0 });
    expect(await read('employee2', ids.theirs)).toMatchObject({ Mine: 1 });

    const missing = await client.get('employee1', byId(999999));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toEqual(expect.any(String));
    expect((await client.get(null, byId(ids.mineHot))).statusCode).toBe(401);
    expect((await client.get('employee1', byId(2 ** 40))).statusCode).toBe(400);
  });

  it('answers a blank delivery for an id of 0 or less', async () => {
    for (const id of [0, -1, -2147483648]) {
      const blank = await read('employee1', id);
      expect(blank, String(id)).toMatchObject({
        Id: 0,
        OutputTemperature: 0,
        EvoThermAllowed: false,
        Thickness: 0,
      });
      expect(blank).not.toHaveProperty('State');
    }
    // Those who create deliveries get every field they must fill in.
    expect(await read('manager', 0)).toMatchObject({
      Id: 0,
      UniqueId1: '',
      MaterialCode: '',
      DeliveryDate: '',
      StartTime0: '',
    });
  });

  it('saves staff’s amendable inputs of their own delivery, with the change log', async () => {
    const before = await read('employee1', ids.mineHot);
    const res = await client.post('employee1', save, {
      ...before,
      OutputTemperature: 150,
      Thickness: 60,
      EvoThermAllowed: true,
      // Not staff's to change: ignored.
      SiteName: 'Elsewhere',
      MaterialCode: 'OTHER',
      State: 'G',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const saved = res.json<Delivery>();
    expect(saved).toMatchObject({
      Id: ids.mineHot,
      OutputTemperature: 150,
      Thickness: 60,
      EvoThermAllowed: true,
      SiteName: before.SiteName,
      MaterialCode: hotCode,
      Mine: 1,
      Version: 2,
    });
    const row = await stored(ids.mineHot);
    expect(row).toMatchObject({
      outputTemperature: 150,
      thickness: 60,
      evoThermAllowed: true,
      siteName: before.SiteName,
      materialCode: hotCode,
      version: 2,
      state: saved.State,
    });
    // The state was recomputed on the save, not taken from the payload, and is answered whole.
    expect(row.stateComputedAt).not.toBeNull();
    const after = await read('employee1', ids.mineHot);
    expect(after.StateInputs).toEqual(row.stateInputs);
    expect(after.StateReason).toEqual(row.stateReason);
    expect(after.StateComputedAt).toBe(row.stateComputedAt!.toISOString());
    const logs = await logsOf(String(ids.mineHot));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actionType: 1, userName: 'employee1' });
    const fields = (logs[0]!.changes as { Field: string }[]).map((change) => change.Field);
    expect(fields).toEqual(
      expect.arrayContaining(['OutputTemperature', 'Thickness', 'EvoThermAllowed']),
    );
    expect(fields).not.toContain('SiteName');
  });

  it('keeps others’ deliveries read-only for staff: 403 NOTMINE on save and amend, nothing changed', async () => {
    const theirs = await read('employee1', ids.theirs);
    const refused = await client.post('employee1', save, { ...theirs, Thickness: 80 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe(deliveryMessages.notMine);
    const mine = await read('employee1', ids.mineCool);
    const amended = await client.post('employee1', amend, {
      Thickness: 80,
      DeliveriesIds: [ids.mineCool, ids.theirs],
    });
    expect(amended.statusCode).toBe(403);
    expect(amended.json().Message).toBe(deliveryMessages.notMine);
    expect(await stored(ids.theirs)).toMatchObject({ thickness: 40, version: 1 });
    expect(await stored(ids.mineCool)).toMatchObject({ thickness: 40, version: mine.Version });
    expect(await logsOf(String(ids.theirs))).toEqual([]);
    // Staff create nothing, and sign-in is needed for any of it.
    const created = await client.post('employee1', save, { ...theirs, Id: 0 });
    expect(created.statusCode).toBe(403);
    expect((await client.post(null, save, theirs)).statusCode).toBe(401);
    expect((await client.post(null, amend, { DeliveriesIds: [ids.theirs] })).statusCode).toBe(401);
  });

  it('refuses inputs the material’s rules refuse with a 400 naming the field', async () => {
    const hot = await read('employee1', ids.mineHot);
    const cool = await read('employee1', ids.mineCool);
    const cases: [Delivery, Record<string, unknown>, { Field: string; Message: string }[]][] = [
      [
        hot,
        { OutputTemperature: 185 },
        [{ Field: 'OutputTemperature', Message: deliveryMessages.temperatureAboveMax }],
      ],
      [
        hot,
        { OutputTemperature: 135 },
        [{ Field: 'OutputTemperature', Message: deliveryMessages.temperatureBelowMin }],
      ],
      [
        hot,
        { OutputTemperature: 163 },
        [{ Field: 'OutputTemperature', Message: deliveryMessages.temperatureRounded }],
      ],
      [
        hot,
        { Thickness: 15 },
        [{ Field: 'Thickness', Message: deliveryMessages.thicknessInvalid }],
      ],
      [
        hot,
        { Thickness: 42 },
        [{ Field: 'Thickness', Message: deliveryMessages.thicknessMultiple }],
      ],
      [
        cool,
        { OutputTemperature: 165, Thickness: 201 },
        [
          // 201 breaks the schema's maximum before the rules are asked.
          { Field: 'Thickness', Message: 'must be 200 or less' },
        ],
      ],
      [
        cool,
        { OutputTemperature: 165, Thickness: 22 },
        [
          { Field: 'OutputTemperature', Message: deliveryMessages.temperatureAboveMax },
          { Field: 'Thickness', Message: deliveryMessages.thicknessMultiple },
        ],
      ],
    ];
    for (const [delivery, change, errors] of cases) {
      const res = await client.post('employee1', save, { ...delivery, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().Errors, JSON.stringify(change)).toEqual(errors);
    }
    const additive = await client.post('employee1', save, { ...cool, EvoThermAllowed: true });
    expect(additive.statusCode).toBe(400);
    expect(additive.json().Errors).toEqual([
      { Field: 'EvoThermAllowed', Message: deliveryMessages.additiveRefused },
    ]);
    expect(await stored(ids.mineHot)).toMatchObject({ outputTemperature: 150, version: 2 });
    expect(await stored(ids.mineCool)).toMatchObject({
      outputTemperature: 140,
      evoThermAllowed: false,
      version: cool.Version,
    });
  });

  it('refuses a stale save with 409 and changes nothing', async () => {
    const read1 = await read('employee1', ids.mineCool);
    const first = await client.post('employee1', save, { ...read1, Thickness: 50 });
    expect(first.statusCode).toBe(200);
    const stale = await client.post('employee1', save, { ...read1, Thickness: 55 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Message).toMatch(/changed by someone else/);
    expect(await stored(ids.mineCool)).toMatchObject({
      thickness: 50,
      version: read1.Version + 1,
    });
    expect(await logsOf(String(ids.mineCool))).toHaveLength(1);
  });

  it('applies the same rules on the engine’s generic paths', async () => {
    const theirs = await read('employee1', ids.theirs);
    const mine = await read('employee1', ids.mineCool);
    const generic = '/api/dataSources/30/data';
    const refused = await client.put('employee1', generic, {
      Json: { ...theirs, Thickness: 80 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe(deliveryMessages.notMine);
    const sneaky = await client.put('employee1', generic, {
      Json: { ...mine, SiteName: 'Sneaky', UnitId: units.south },
    });
    expect(sneaky.statusCode).toBe(200);
    const deleted = await client.call('employee1', 'DELETE', `${generic}/${ids.theirs}`);
    expect(deleted.statusCode).toBe(403);
    expect(await stored(ids.theirs)).toMatchObject({ thickness: 40, version: 1 });
    expect(await stored(ids.mineCool)).toMatchObject({
      siteName: mine.SiteName,
      unitId: units.north,
    });
  });

  it('lets a viewer read and ask, but change nothing', async () => {
    const theirs = await read('demo', ids.theirs);
    expect(theirs.Mine).toBe(0);
    const listed = await client.get(
      'demo',
      '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser?MineOnly=false',
    );
    expect(listed.statusCode).toBe(200);
    const whatIfRes = await client.post('demo', whatIf, theirs);
    expect(whatIfRes.statusCode).toBe(200);
    const can = await client.post('demo', canAmend, { DeliveriesIds: [ids.theirs] });
    expect(can.body).toBe('true');
    for (const [url, body] of [
      [save, { ...theirs, Thickness: 80 }],
      [amend, { Thickness: 80, DeliveriesIds: [ids.theirs] }],
      [deleteAll, { Confirm: true }],
    ] as const) {
      const res = await client.post('demo', url, body);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await stored(ids.theirs)).toMatchObject({ thickness: 40, version: 1 });
  });

  it('lets those who manage deliveries create one by unit code and change any field', async () => {
    const created = await client.post('manager', save, {
      Id: 0,
      UniqueId1: 'NEW-1',
      MaterialCode: hotCode,
      UnitCode: 'qcn',
      OutputTemperature: 160,
      Thickness: 40,
      DeliveryDate: '2030-01-02',
      StartTime0: '2030-01-02T08:00:00Z',
      SiteName: 'New site',
    });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(200);
    const delivery = created.json<Delivery>();
    expect(delivery).toMatchObject({
      UniqueId1: 'NEW-1',
      UnitId: units.north,
      UnitCode: 'QCN',
      Mine: 0,
      DeliveryDate: '2030-01-02',
      StartTime0: '2030-01-02T08:00:00.000Z',
      Version: 1,
    });
    expect(delivery.State).toEqual(expect.any(String));
    ids.created = delivery.Id;
    const logs = await logsOf(String(delivery.Id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actionType: 0, userName: 'manager' });

    const unknownUnit = await client.post('manager', save, {
      UniqueId1: 'NEW-2',
      OutputTemperature: 160,
      Thickness: 40,
      MaterialCode: hotCode,
      UnitCode: 'NOPE',
      DeliveryDate: '2030-01-02',
      StartTime0: '2030-01-02T08:00:00Z',
    });
    expect(unknownUnit.statusCode).toBe(400);
    expect(unknownUnit.json().Errors).toEqual([{ Field: 'UnitCode', Message: 'is not a unit' }]);

    const theirs = await read('admin', ids.theirs);
    const renamed = await client.post('admin', save, { ...theirs, SiteName: 'Renamed site' });
    expect(renamed.statusCode).toBe(200);
    expect(await stored(ids.theirs)).toMatchObject({ siteName: 'Renamed site', version: 2 });
  });

  it('answers the state the posted inputs would give, with its curve, and saves nothing', async () => {
    const theirs = await read('employee1', ids.theirs);
    const res = await client.post('employee1', whatIf, {
      ...theirs,
      Thickness: 100,
      OutputTemperature: 170,
      EvoThermAllowed: true,
      SiteName: 'Ignored',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const answer = res.json<Delivery & { Curve: unknown[] }>();
    expect(answer).toMatchObject({
      Id: ids.theirs,
      Thickness: 100,
      OutputTemperature: 170,
      EvoThermAllowed: true,
      SiteName: 'Renamed site',
      Mine: 0,
      Version: theirs.Version,
    });
    expect(answer.State).toEqual(expect.any(String));
    expect(answer).toHaveProperty('StateReason');
    expect(Array.isArray(answer.Curve)).toBe(true);
    expect(await stored(ids.theirs)).toMatchObject({
      thickness: 40,
      outputTemperature: 160,
      evoThermAllowed: false,
      version: theirs.Version,
    });

    const invalid = await client.post('employee1', whatIf, { ...theirs, Thickness: 15 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().Errors).toEqual([
      { Field: 'Thickness', Message: deliveryMessages.thicknessInvalid },
    ]);
    const tooHot = await client.post('employee1', whatIf, { ...theirs, OutputTemperature: 190 });
    expect(tooHot.json().Errors).toEqual([
      { Field: 'OutputTemperature', Message: deliveryMessages.temperatureAboveMax },
    ]);
    const missing = await client.post('employee1', whatIf, { ...theirs, Id: 999999 });
    expect(missing.statusCode).toBe(404);
    const partial = await client.post('employee1', whatIf, { Id: ids.theirs });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().Errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ Field: 'OutputTemperature' })]),
    );
  });

  it('amends a selection all or none, in one transaction, naming what refused it', async () => {
    const selection = [ids.mineHot, ids.mineCool];
    const before = await Promise.all(selection.map((id) => stored(id)));

    const unknown = await client.post('employee1', amend, {
      Thickness: 70,
      DeliveriesIds: [ids.mineHot, 999999],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Message).toContain('999999');

    // 170 suits the hot material (140-180) but not the cool one (120-160): none is changed.
    const tooHot = await client.post('employee1', amend, {
      OutputTemp: 170,
      DeliveriesIds: selection,
    });
    expect(tooHot.statusCode).toBe(400);
    expect(tooHot.json().Message).toContain(String(ids.mineCool));
    expect(tooHot.json().Errors).toEqual(
      expect.arrayContaining([
        { Field: 'OutputTemp', Message: deliveryMessages.temperatureAboveMax },
      ]),
    );
    const additive = await client.post('employee1', amend, {
      EvoTherm: true,
      DeliveriesIds: selection,
    });
    expect(additive.statusCode).toBe(400);
    expect(additive.json().Errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ Field: 'EvoTherm' })]),
    );
    const nothing = await client.post('employee1', amend, { DeliveriesIds: selection });
    expect(nothing.statusCode).toBe(400);
    expect(await Promise.all(selection.map((id) => stored(id)))).toEqual(before);

    const res = await client.post('employee1', amend, {
      OutputTemp: 150,
      Thickness: 70,
      EvoTherm: null,
      DeliveriesIds: selection,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const results = res.json<Record<string, unknown>[]>();
    expect(results).toEqual(
      selection.map((id, index) => ({
        Id: id,
        OldState: before[index]!.state,
        NewState: expect.any(String),
        AvailableTimeForCompaction: expect.toBeOneOf([null, expect.any(Number)]),
        StateReason: expect.toBeOneOf([null, expect.any(String)]),
      })),
    );
    for (const [index, id] of selection.entries()) {
      const row = await stored(id);
      expect(row).toMatchObject({
        outputTemperature: 150,
        thickness: 70,
        evoThermAllowed: before[index]!.evoThermAllowed,
        version: before[index]!.version + 1,
        state: results[index]!.NewState,
      });
      const logs = await logsOf(String(id));
      expect(logs.at(-1)).toMatchObject({ actionType: 1, userName: 'employee1' });
    }
  });

  it('says whether the additive may be allowed on every selected delivery', async () => {
    const ask = async (user: string, ids: number[]) => {
      const res = await client.post(user, canAmend, { DeliveriesIds: ids });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.body;
    };
    expect(await ask('employee1', [ids.mineHot])).toBe('true');
    expect(await ask('employee1', [ids.mineHot, ids.theirs])).toBe('true');
    expect(await ask('employee1', [ids.mineHot, ids.mineCool])).toBe('false');
    expect(await ask('employee2', [ids.mineCool])).toBe('false');
    expect(await ask('employee1', [999999])).toBe('false');
    expect(await ask('employee1', [ids.mineHot, 999999])).toBe('false');
    expect((await client.post('employee1', canAmend, { DeliveriesIds: [] })).statusCode).toBe(400);
    expect((await client.post(null, canAmend, { DeliveriesIds: [1] })).statusCode).toBe(401);
  });

  it('deletes all deliveries only for an administrator who confirms, with one log entry', async () => {
    const total = await countDeliveries();
    expect(total).toBe(5);
    for (const user of ['employee1', 'manager']) {
      const res = await client.post(user, deleteAll, { Confirm: true });
      expect(res.statusCode, user).toBe(403);
    }
    for (const body of [{}, { Confirm: false }, { PastOnly: true }]) {
      const res = await client.post('admin', deleteAll, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().Errors).toEqual([{ Field: 'Confirm', Message: 'must be true' }]);
    }
    expect((await client.post('admin', deleteAll, { Confirm: 'yes' })).statusCode).toBe(400);
    expect(await countDeliveries()).toBe(total);

    const past = await client.post('admin', deleteAll, { Confirm: true, PastOnly: true });
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ Deleted: 1 });
    expect(await countDeliveries()).toBe(total - 1);
    await expect(
      t.database.db.selectFrom('deliveries').where('id', '=', ids.past).executeTakeFirst(),
    ).resolves.toBeUndefined();

    const all = await client.post('admin', deleteAll, { Confirm: true });
    expect(all.json()).toEqual({ Deleted: total - 1 });
    expect(await countDeliveries()).toBe(0);
    const logs = await logsOf('*');
    expect(logs.map((log) => [log.actionType, log.userName, log.genericLog])).toEqual([
      [2, 'admin', 'Deleted 1 Deliveries'],
      [2, 'admin', `Deleted ${total - 1} Deliveries`],
    ]);
    expect((await client.post('admin', deleteAll, { Confirm: true })).json()).toEqual({
      Deleted: 0,
    });
  });
});
