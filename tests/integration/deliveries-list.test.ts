import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import {
  clearDeliveries,
  createDelivery,
  createUnit,
  hoursFromNow,
  linkUserUnit,
  ukDay,
  createHotAndCoolMixes,
} from '../support/deliveries';
import { createTestApp, type TestApp } from '../support/test-app';
import { startOfToday } from '../../server/modules/deliveries/rules/list-filters';

const list = '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser';
const values = (field: string) => `/api/Deliveries/FilterValues/${field}`;
const q = (options: Record<string, string>) => `?${new URLSearchParams(options).toString()}`;

interface Page {
  '@odata.count'?: number;
  value: Record<string, unknown>[];
}

/**
 * The home grid's list and its value lists: paging, every column filter, the grid's own filters
 * (past deliveries, Mine for staff and all for administrators, active units), all as HTTP
 * against a real database.
 */
describe('the deliveries list (GetDeliveriesForCurrentUser) and its value lists', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  /** Deliveries by name: e1 = employee1's unit, e2 = employee2's, old = past, off = inactive. */
  const ids: Record<string, number> = {};
  /** employee1's 22 hourly deliveries, for paging. */
  const hourly: number[] = [];
  const hotCode = 'QA-LIST-HOT';
  const coolCode = 'QA-LIST-COOL';

  const page = async (user: string, options: Record<string, string> = {}) => {
    const res = await client.get(user, `${list}${q(options)}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<Page>();
  };
  const idsOf = async (user: string, options: Record<string, string> = {}) =>
    (await page(user, { $top: '1000', ...options })).value.map((row) => row.Id as number);
  const valuesOf = async (user: string, field: string, options: Record<string, string> = {}) => {
    const res = await client.get(user, `${values(field)}${q(options)}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<unknown[]>();
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const db = t.database.db;
    await clearDeliveries(db);
    const north = await createUnit(db, 'QAN');
    const south = await createUnit(db, 'QAS');
    const closed = await createUnit(db, 'QAX', false);
    await linkUserUnit(db, 'employee1', north);
    await linkUserUnit(db, 'employee1', closed);
    await linkUserUnit(db, 'employee2', south);
    const { hot, cool } = await createHotAndCoolMixes(db, hotCode, coolCode);
    ids.e1 = await createDelivery(db, {
      unitId: north,
      material: hot,
      startTime0: hoursFromNow(30),
      extra: {
        state: 'G',
        weatherForecastTemperature: 12,
        windSpeed: 5,
        availableTimeForCompaction: 31.5,
        orderQuantity: 18,
      },
    });
    ids.e1red = await createDelivery(db, {
      unitId: north,
      material: cool,
      startTime0: hoursFromNow(54),
      extra: {
        state: 'R',
        weatherForecastTemperature: -2,
        windSpeed: 40,
        availableTimeForCompaction: 4,
        orderQuantity: 6,
      },
    });
    ids.e2 = await createDelivery(db, {
      unitId: south,
      material: hot,
      startTime0: hoursFromNow(31),
      extra: { state: 'A', weatherForecastTemperature: 7, windSpeed: 20 },
    });
    ids.old = await createDelivery(db, {
      unitId: north,
      material: hot,
      startTime0: hoursFromNow(-50),
      extra: { state: 'Y' },
    });
    ids.off = await createDelivery(db, {
      unitId: closed,
      material: hot,
      startTime0: hoursFromNow(32),
      extra: { state: 'M' },
    });
    for (let i = 0; i < 22; i++) {
      hourly.push(
        await createDelivery(db, {
          unitId: north,
          material: hot,
          startTime0: hoursFromNow(72 + i),
          extra: { state: 'G', orderQuantity: 2, availableTimeForCompaction: 20 },
        }),
      );
    }
  });
  afterAll(() => t.close());

  it('pages by 20, sorted by StartTime0, counted, with Mine and the state fields', async () => {
    const first = await page('employee1');
    // employee1: e1, e1red and the hourly ones; not e2 (not Mine), old (past), off (inactive).
    expect(first['@odata.count']).toBe(24);
    expect(first.value).toHaveLength(20);
    expect(first.value.map((row) => row.Id)).toEqual([ids.e1, ids.e1red, ...hourly.slice(0, 18)]);
    const row = first.value[0]!;
    expect(row).toMatchObject({
      Id: ids.e1,
      Mine: 1,
      State: 'G',
      UnitCode: 'QAN',
      UnitActive: true,
      MaterialCode: hotCode,
      MinMixTemp: 140,
      MaxMixTemp: 180,
      AvailableTimeForCompaction: 31.5,
      WeatherForecastTemperature: 12,
      WindSpeed: 5,
      Version: 1,
    });
    expect(row.StartTime0).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row.DeliveryDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(row).toHaveProperty('StateReason');

    const second = await page('employee1', { $skip: '20', $top: '20' });
    expect(second.value.map((r) => r.Id)).toEqual(hourly.slice(18));
    const small = await page('employee1', { $top: '2', $skip: '1', $count: 'false' });
    expect(small).not.toHaveProperty('@odata.count');
    expect(small.value.map((r) => r.Id)).toEqual([ids.e1red, hourly[0]]);
    const latest = await page('employee1', { $orderby: 'StartTime0 desc', $top: '1' });
    expect(latest.value[0]!.Id).toBe(hourly.at(-1));
  });

  it('filters on every column the grid filters', async () => {
    const filtered = (filter: string) => idsOf('admin', { $filter: filter });
    expect(await filtered('WeatherForecastTemperature lt 0')).toEqual([ids.e1red]);
    expect(
      await filtered('WeatherForecastTemperature ge 7 and WeatherForecastTemperature le 12'),
    ).toEqual([ids.e1, ids.e2]);
    expect(await filtered('WindSpeed gt 10')).toEqual([ids.e2, ids.e1red]);
    expect(await filtered('AvailableTimeForCompaction lt 10')).toEqual([ids.e1red]);
    expect(await filtered('AvailableTimeForCompaction gt 30')).toEqual([ids.e1]);
    expect(await filtered('OrderQuantity eq 18')).toEqual([ids.e1]);
    expect(await filtered('OrderQuantity le 6')).toEqual([ids.e1red, ...hourly]);
    const day = ukDay(hoursFromNow(54));
    const sameDay = await filtered(`DeliveryDate eq ${day}`);
    expect(sameDay).toContain(ids.e1red);
    expect(sameDay).not.toContain(ids.e1);
    expect(await filtered("State eq 'R'")).toEqual([ids.e1red]);
    expect(await filtered("State eq 'A' or State eq 'R'")).toEqual([ids.e2, ids.e1red]);
    expect(await filtered(`contains(MaterialCode,'COOL')`)).toEqual([ids.e1red]);
  });

  it('filters on looked-up columns (the unit’s code and state), either way round', async () => {
    const all = { ActiveUnitsOnly: 'false' };
    const filtered = (filter: string) => idsOf('admin', { ...all, $filter: filter });
    const north = [ids.e1, ids.e1red, ...hourly];
    expect(await filtered("UnitCode eq 'QAN'")).toEqual(north);
    expect(await filtered("'QAN' eq UnitCode")).toEqual(north);
    expect(await filtered("UnitCode gt 'QAR'")).toEqual([ids.e2, ids.off]);
    expect(await filtered("'QAR' lt UnitCode")).toEqual([ids.e2, ids.off]);
    // `ne` keeps OData's meaning through the plain form.
    expect(await filtered("UnitCode ne 'QAN'")).toEqual([ids.e2, ids.off]);
    expect(await filtered('UnitActive eq false')).toEqual([ids.off]);
    expect(await filtered("UnitActive eq true and State eq 'R'")).toEqual([ids.e1red]);
  });

  it('filters on Mine: 1 for the caller’s units only', async () => {
    const mine = await idsOf('employee1', { MineOnly: 'false', $filter: 'Mine eq 1' });
    expect(mine).toEqual([ids.e1, ids.e1red, ...hourly]);
    const others = await idsOf('employee1', { MineOnly: 'false', $filter: 'Mine eq 0' });
    expect(others).toEqual([ids.e2]);
    const rows = (await page('employee1', { MineOnly: 'false', $top: '3' })).value;
    expect(rows.map((row) => [row.Id, row.Mine])).toEqual([
      [ids.e1, 1],
      [ids.e2, 0],
      [ids.e1red, 1],
    ]);
    // The administrator has no units of their own: nothing is Mine for them.
    expect(await idsOf('admin', { $filter: 'Mine eq 1' })).toEqual([]);
  });

  it('shows staff only Mine by default and administrators every unit', async () => {
    expect(await idsOf('employee1')).toEqual([ids.e1, ids.e1red, ...hourly]);
    expect(await idsOf('employee2')).toEqual([ids.e2]);
    expect(await idsOf('admin')).toEqual([ids.e1, ids.e2, ids.e1red, ...hourly]);
    // A non-administrator asks for every unit's deliveries; an administrator for only theirs.
    expect(await idsOf('employee1', { MineOnly: 'false' })).toEqual([
      ids.e1,
      ids.e2,
      ids.e1red,
      ...hourly,
    ]);
    expect(await idsOf('manager')).toEqual([]);
    expect(await idsOf('admin', { MineOnly: 'true' })).toEqual([]);
  });

  it('leaves out past deliveries unless ShowPast=true, and inactive units unless asked', async () => {
    expect(await idsOf('employee1')).not.toContain(ids.old);
    const withPast = await idsOf('employee1', { ShowPast: 'true' });
    expect(withPast[0]).toBe(ids.old);
    expect(withPast).toHaveLength(25);
    expect(await idsOf('employee1')).not.toContain(ids.off);
    const allUnits = await idsOf('employee1', { ActiveUnitsOnly: 'false' });
    expect(allUnits).toContain(ids.off);
    expect(allUnits).not.toContain(ids.old);
    const everything = await idsOf('admin', {
      ShowPast: 'true',
      ActiveUnitsOnly: 'false',
      MineOnly: 'false',
    });
    expect(everything).toHaveLength(27);
  });

  it('refuses bad filters and parameters with a 400 naming them, and strangers with a 401', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ShowPast: 'maybe' }, 'ShowPast'],
      [{ MineOnly: '2' }, 'MineOnly'],
      [{ $filter: "Nope eq 'x'" }, '$filter'],
      [{ $orderby: 'WeatherForecastAsHtml; drop table deliveries' }, '$orderby'],
      [{ $top: '5000' }, '$top'],
      [{ Stray: '1' }, 'Stray'],
    ];
    for (const [options, field] of cases) {
      const res = await client.get('employee1', `${list}${q(options)}`);
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(JSON.stringify(res.json().Errors ?? res.json().Message)).toContain(field);
    }
    expect((await client.get(null, list)).statusCode).toBe(401);
    expect((await client.get(null, values('State'))).statusCode).toBe(401);
    const count = await t.database.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(27);
  });

  it('lists the distinct values of a column with the grid’s filters, searched and sorted', async () => {
    expect(await valuesOf('employee1', 'State')).toEqual(['G', 'R']);
    expect(await valuesOf('employee1', 'State', { desc: 'true' })).toEqual(['R', 'G']);
    expect(await valuesOf('employee1', 'State', { ShowPast: 'true' })).toEqual(['G', 'R', 'Y']);
    expect(await valuesOf('employee1', 'State', { ActiveUnitsOnly: 'false' })).toEqual([
      'G',
      'M',
      'R',
    ]);
    expect(await valuesOf('employee1', 'State', { MineOnly: 'false' })).toEqual(['A', 'G', 'R']);
    expect(await valuesOf('admin', 'State')).toEqual(['A', 'G', 'R']);
    expect(await valuesOf('admin', 'UnitCode')).toEqual(['QAN', 'QAS']);
    // The grid's other filters apply.
    expect(await valuesOf('admin', 'MaterialCode', { $filter: "State eq 'R'" })).toEqual([
      coolCode,
    ]);
    expect(await valuesOf('admin', 'OrderQuantity', { $filter: 'WindSpeed ge 5' })).toEqual([
      6, 10, 18,
    ]);
    // Search ignores case; top caps.
    expect(await valuesOf('admin', 'MaterialCode', { search: 'cool' })).toEqual([coolCode]);
    const sites = await valuesOf('admin', 'SiteName', { top: '3' });
    expect(sites).toHaveLength(3);
    expect(await valuesOf('admin', 'SiteName', { top: '100000' })).toHaveLength(25);
    const dates = await valuesOf('admin', 'DeliveryDate');
    expect(dates.every((d) => typeof d === 'string' && /^\d{4}-\d\d-\d\d$/.test(d))).toBe(true);
    const starts = await valuesOf('admin', 'StartTime0', { top: '1' });
    expect(starts[0]).toMatch(/T\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers value lists (index walks, looked-up plants) with what the list itself holds', async () => {
    // SiteName, State and MaterialName are listed by a skip scan over their indexes, UnitCode
    // from the plants the rows point at: each answer must be the distinct values of the rows
    // the same caller's list shows, in order, whatever the options.
    const cases: [string, Record<string, string>][] = [
      ['admin', {}],
      ['admin', { search: 'site 1' }],
      ['admin', { desc: 'true', $filter: "State eq 'G'" }],
      ['employee1', {}],
      ['employee1', { search: '2', desc: 'true', ShowPast: 'true' }],
      ['employee2', { MineOnly: 'false', ActiveUnitsOnly: 'false' }],
      ['employee2', { search: 'q', desc: 'true', MineOnly: 'false' }],
    ];
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const fields = ['SiteName', 'State', 'MaterialName', 'UnitCode'];
    /** The cases with values: the comparison is not of empty lists only. */
    const answered = new Set<string>();
    for (const field of fields) {
      for (const [user, options] of cases) {
        const { search, desc, ...listOptions } = options;
        const rows = (await page(user, { $top: '1000', $select: field, ...listOptions })).value;
        const expected = [
          ...new Set(
            rows
              .map((row) => row[field] as string | null)
              .filter((value): value is string => value !== null)
              .filter((value) => !search || value.toLowerCase().includes(search)),
          ),
        ].sort(byText);
        if (desc) expected.reverse();
        const what = `${field} ${user} ${JSON.stringify(options)}`;
        if (expected.length > 0) answered.add(what);
        expect(await valuesOf(user, field, options), what).toEqual(expected);
      }
    }
    for (const field of fields) {
      expect(
        [...answered].filter((what) => what.startsWith(`${field} `)).length,
        field,
      ).toBeGreaterThanOrEqual(4);
    }
  });

  it('refuses a value list of an unknown or unlisted field, or with a bad filter', async () => {
    for (const [url, status] of [
      [values('Nope'), 400],
      [`${values('State')}${q({ $filter: 'State eq' })}`, 400],
      [`${values('State')}${q({ ShowPast: 'yes please' })}`, 400],
      [`${values('State')}${q({ other: '1' })}`, 400],
    ] as const) {
      const res = await client.get('employee1', url);
      expect(res.statusCode, url).toBe(status);
      if (status === 400) expect(res.json().Message).toEqual(expect.any(String));
    }
  });
  it('cuts the past at the start of today in the UK', async () => {
    const db = t.database.db;
    const unit = await createUnit(db, 'QAT');
    await linkUserUnit(db, 'employee2', unit);
    const material = {
      id: (
        await db
          .selectFrom('materials')
          .select('id')
          .where('code', '=', hotCode)
          .executeTakeFirstOrThrow()
      ).id,
      code: hotCode,
    };
    const today = startOfToday(new Date());
    const earlyToday = await createDelivery(db, {
      unitId: unit,
      material,
      startTime0: new Date(today.getTime() + 60_000),
    });
    const lateYesterday = await createDelivery(db, {
      unitId: unit,
      material,
      startTime0: new Date(today.getTime() - 60_000),
    });
    const shown = await idsOf('employee2');
    expect(shown).toContain(earlyToday);
    expect(shown).not.toContain(lateYesterday);
    expect(await idsOf('employee2', { ShowPast: 'true' })).toContain(lateYesterday);
  });
});

describe('startOfToday', () => {
  it('is UK midnight as an instant, in winter and in summer time', () => {
    const cases: [string, string][] = [
      ['2026-11-24T07:00:00Z', '2026-11-24T00:00:00.000Z'],
      ['2026-11-24T23:59:00Z', '2026-11-24T00:00:00.000Z'],
      ['2026-07-01T10:00:00Z', '2026-06-30T23:00:00.000Z'],
      ['2026-07-01T23:30:00Z', '2026-07-01T23:00:00.000Z'],
      // The days the clocks change (at 01:00 UTC).
      ['2026-03-29T12:00:00Z', '2026-03-29T00:00:00.000Z'],
      ['2026-10-25T12:00:00Z', '2026-10-24T23:00:00.000Z'],
    ];
    for (const [now, start] of cases) {
      expect(startOfToday(new Date(now)).toISOString(), now).toBe(start);
    }
  });
});
