import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultMenu,
  defaultTexts,
  companyEntity,
  demoAccounts,
  demoCompany,
  demoCourseThickness,
  demoGroups,
  demoDeliveryCodes,
  demoMaterials,
  demoUnits,
  groupEntity,
  materialEntity,
  unitEntity,
  userEntity,
} from '#metadata';
import { matchMaterials } from '../../server/modules/deliveries/state/material-match';
import { seedDemoData } from '../../server/seed/demo';
import {
  demoDeliveryCount,
  demoWorkingDays,
  planDemoDeliveries,
} from '../../server/seed/demo-deliveries';
import {
  referenceDataStampKey,
  releaseStamp,
  seedReferenceData,
} from '../../server/seed/reference';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('seeding', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  const db = () => database.db;
  /** When the demo data was seeded (the deliveries run a week either side of it). */
  let seededAt: Date;

  it('is idempotent: a second run changes nothing', async () => {
    const before = await db().selectFrom('languages').selectAll().orderBy('id').execute();
    await seedReferenceData(db());
    const after = await db().selectFrom('languages').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
    const keys = await db().selectFrom('translationKeys').select('key').execute();
    expect(keys).toHaveLength(Object.keys(defaultTexts).length);
  });

  it('keeps an administrator’s menu changes and does not bring back a deleted item', async () => {
    await db().updateTable('menuItems').set({ name: 'Loads' }).where('id', '=', 1).execute();
    await db().deleteFrom('menuItems').where('id', '=', 901).execute();
    await seedReferenceData(db());
    const items = await db().selectFrom('menuItems').select(['id', 'name']).orderBy('id').execute();
    expect(items.find((i) => i.id === 1)?.name).toBe('Loads');
    expect(items.map((i) => i.id)).not.toContain(901);
    expect(items).toHaveLength(defaultMenu.length - 1);
  });

  /** The database as an older release left it: another stamp (see releaseStamp). */
  const seededByOlderRelease = () =>
    db()
      .updateTable('settings')
      .set({ value: JSON.stringify('an older release') })
      .where('key', '=', referenceDataStampKey)
      .execute();
  const stamp = async () =>
    (
      await db()
        .selectFrom('settings')
        .select('value')
        .where('key', '=', referenceDataStampKey)
        .executeTakeFirst()
    )?.value;

  it('points a menu item at its moved target, unless an administrator changed it', async () => {
    const schedule = () =>
      db().selectFrom('menuItems').select('url').where('id', '=', 600).executeTakeFirstOrThrow();
    // As the release before the jobs page left it.
    await db()
      .updateTable('menuItems')
      .set({ url: '/hangfireview' })
      .where('id', '=', 600)
      .execute();
    await seededByOlderRelease();
    await seedReferenceData(db());
    expect(await schedule()).toEqual({ url: '/admin/jobs' });
    await db().updateTable('menuItems').set({ url: '/my-jobs' }).where('id', '=', 600).execute();
    await seededByOlderRelease();
    await seedReferenceData(db());
    expect(await schedule()).toEqual({ url: '/my-jobs' });
  });

  it('stamps the database with the release it seeded', async () => {
    expect(await stamp()).toBe(await releaseStamp());
    expect(await releaseStamp()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leaves a database the same release seeded alone, and seeds it again for another', async () => {
    const systemSource = () =>
      db()
        .selectFrom('dataSources')
        .select(['name', 'schemaDefinition'])
        .where('id', '=', unitEntity.id)
        .executeTakeFirstOrThrow();
    const release = await systemSource();
    await db()
      .updateTable('dataSources')
      .set({ name: 'Older name', schemaDefinition: JSON.stringify({ type: 'object' }) })
      .where('id', '=', unitEntity.id)
      .execute();
    await seedReferenceData(db());
    expect(await systemSource()).toEqual({
      name: 'Older name',
      schemaDefinition: { type: 'object' },
    });
    await seededByOlderRelease();
    await seedReferenceData(db());
    expect(await systemSource()).toEqual(release);
    expect(await stamp()).toBe(await releaseStamp());
  });

  it('seeds once when instances start together', async () => {
    const versions = () =>
      db().selectFrom('languages').select(['id', 'version']).orderBy('id').execute();
    await db()
      .updateTable('translationKeys')
      .set({ defaultText: 'old wording' })
      .where('key', '=', 'ROUTES.HOME')
      .execute();
    await seededByOlderRelease();
    const before = await versions();
    // On PostgreSQL each seeding has a connection of its own: the second waits for the lock.
    await Promise.all([seedReferenceData(db()), seedReferenceData(db())]);
    const after = await versions();
    expect(after).toEqual(
      before.map((language) => ({ ...language, version: language.version + 1 })),
    );
    expect(await stamp()).toBe(await releaseStamp());
  });

  it('upgrades a changed default text and marks languages changed so caches refresh', async () => {
    await db()
      .updateTable('translationKeys')
      .set({ defaultText: 'old wording' })
      .where('key', '=', 'ROUTES.HOME')
      .execute();
    await seededByOlderRelease();
    const before = await db().selectFrom('languages').select(['id', 'version']).execute();
    await seedReferenceData(db());
    const text = await db()
      .selectFrom('translationKeys')
      .select('defaultText')
      .where('key', '=', 'ROUTES.HOME')
      .executeTakeFirstOrThrow();
    expect(text.defaultText).toBe(defaultTexts['ROUTES.HOME']);
    const after = await db().selectFrom('languages').select(['id', 'version']).execute();
    for (const language of after) {
      expect(language.version).toBe(before.find((b) => b.id === language.id)!.version + 1);
    }
  });

  it('keeps an administrator’s setting', async () => {
    await db()
      .updateTable('settings')
      .set({ value: JSON.stringify(3) })
      .where('key', '=', 'GroupsAndCompanies.UsersBelongTo')
      .execute();
    await seedReferenceData(db());
    const row = await db()
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'GroupsAndCompanies.UsersBelongTo')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe(3);
  });

  it('seeds demo data once only, and the demo forecasts with the simulated provider', async () => {
    const provider = () =>
      db()
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'Weather.Provider')
        .executeTakeFirstOrThrow();
    // A configured deployment forecasts with a real provider.
    expect((await provider()).value).toBe('open-meteo');
    seededAt = new Date();
    expect(await seedDemoData(db(), { now: seededAt })).toBe(true);
    expect((await provider()).value).toBe('simulated');
    const before = await db().selectFrom('deliveries').select('id').execute();
    expect(await seedDemoData(db())).toBe(false);
    expect(await db().selectFrom('deliveries').select('id').execute()).toHaveLength(before.length);
    // Seeding computes 2,000 states: seconds alone, more on a machine busy with other tests.
  }, 120_000);

  const deliveries = () =>
    db()
      .selectFrom('deliveries')
      .innerJoin('units', 'units.id', 'deliveries.unitId')
      .select([
        'deliveries.uniqueId1',
        'deliveries.uniqueId2',
        'deliveries.uniqueId3',
        'deliveries.materialCode',
        'deliveries.outputTemperature',
        'deliveries.thickness',
        'deliveries.evoThermAllowed',
        'deliveries.mileage',
        'deliveries.orderQuantity',
        'deliveries.deliveryDate',
        'deliveries.startTime0',
        'deliveries.time',
        'deliveries.siteName',
        'deliveries.shipToAddress',
        'deliveries.gridRef',
        'deliveries.latitude',
        'deliveries.longitude',
        'deliveries.locationSource',
        'deliveries.weatherSiteId',
        'deliveries.state',
        'deliveries.stateComputedAt',
        'units.code as unitCode',
      ])
      .execute();

  it('gives the demo plants their locations and the demo accounts their units', async () => {
    const units = await db()
      .selectFrom('units')
      .select(['code', 'latitude', 'longitude', 'postcode'])
      .execute();
    for (const unit of demoUnits) {
      expect(units).toContainEqual({
        code: unit.Code,
        latitude: unit.Latitude,
        longitude: unit.Longitude,
        postcode: unit.Postcode,
      });
    }
    const held = await db()
      .selectFrom('userUnits')
      .innerJoin('users', 'users.id', 'userUnits.userId')
      .innerJoin('units', 'units.id', 'userUnits.unitId')
      .select(['users.name', 'units.code'])
      .orderBy('units.code')
      .execute();
    const unitsOf = (name: string) => held.filter((h) => h.name === name).map((h) => h.code);
    expect(unitsOf('employee1')).toEqual(['NTH01', 'NTH02']);
    expect(unitsOf('employee2')).toEqual(['STH01', 'STH02']);
    expect(unitsOf('demo')).toEqual(['MID01', 'WST01']);
    expect(unitsOf('manager')).toEqual(demoUnits.map((u) => u.Code).sort());
    expect(unitsOf('admin')).toEqual([]);
    for (const account of demoAccounts) {
      expect(unitsOf(account.Name)).toEqual([...(account.Units ?? [])].sort());
    }
  });

  it('seeds about 2,000 deliveries on working days around the seeding day, each plant its own', async () => {
    const rows = await deliveries();
    expect(rows).toHaveLength(demoDeliveryCount);
    const keys = new Set(rows.map((r) => `${r.uniqueId1}|${r.uniqueId2}|${r.uniqueId3}`));
    expect(keys.size).toBe(rows.length);

    const today = dayjs(seededAt).tz('Europe/London');
    const days = demoWorkingDays(seededAt);
    expect(days.length).toBeGreaterThanOrEqual(10);
    for (const day of days) {
      const date = dayjs.tz(day, 'Europe/London');
      expect([0, 6]).not.toContain(date.day());
      expect(Math.abs(date.diff(today.startOf('day'), 'day'))).toBeLessThanOrEqual(7);
    }
    const perUnit = new Map<string, number>();
    for (const row of rows) {
      perUnit.set(row.unitCode, (perUnit.get(row.unitCode) ?? 0) + 1);
      expect(days).toContain(row.deliveryDate);
      const local = dayjs(row.startTime0).tz('Europe/London');
      expect(local.format('YYYY-MM-DD')).toBe(row.deliveryDate);
      expect(local.format('HH:mm')).toBe(row.time);
      expect(row.time! >= '06:00' && row.time! <= '15:00', row.time!).toBe(true);
    }
    // Every plant has its share; employee1's plants and employee2's share none.
    for (const unit of demoUnits) expect(perUnit.get(unit.Code), unit.Code).toBeGreaterThan(150);
    const north = rows.filter((r) => ['NTH01', 'NTH02'].includes(r.unitCode));
    const south = rows.filter((r) => ['STH01', 'STH02'].includes(r.unitCode));
    expect(north.length).toBeGreaterThan(300);
    expect(south.length).toBeGreaterThan(300);
    // Past, today's and future deliveries all exist.
    const todayText = today.format('YYYY-MM-DD');
    expect(rows.some((r) => r.deliveryDate < todayText)).toBe(true);
    expect(rows.some((r) => r.deliveryDate > todayText)).toBe(true);
  });

  it('plans the same deliveries for the same day, and the same mix of them any day', () => {
    const unitIds = new Map(demoUnits.map((unit, i) => [unit.Code, i + 1]));
    const monday = new Date('2026-11-23T09:00:00Z');
    const first = planDemoDeliveries(monday, unitIds);
    expect(planDemoDeliveries(monday, unitIds)).toEqual(first);
    const summer = planDemoDeliveries(new Date('2027-07-07T12:00:00Z'), unitIds);
    const shape = (rows: typeof first) =>
      rows.map((r) => [r.unitId, r.siteName, r.materialCode, r.thickness, r.orderQuantity]);
    expect(shape(summer)).toEqual(shape(first));
    expect(summer.map((r) => r.deliveryDate)).not.toEqual(first.map((r) => r.deliveryDate));
  });

  it('sends deliveries to sites near their plant, located by postcode, grid reference or coordinates', async () => {
    const rows = await deliveries();
    const withPostcode = rows.filter((r) =>
      /[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/.test(r.shipToAddress!),
    );
    const withGridRef = rows.filter((r) => /^[HNST][A-HJ-Z] \d{4} \d{4}$/.test(r.gridRef ?? ''));
    const withCoordinates = rows.filter((r) => r.locationSource === 'given');
    expect(withPostcode.length).toBeGreaterThan(rows.length / 3);
    expect(withGridRef.length).toBeGreaterThan(rows.length / 10);
    expect(withCoordinates.length).toBeGreaterThan(rows.length / 20);
    expect(withPostcode.length + withGridRef.length + withCoordinates.length).toBe(rows.length);
    for (const row of rows) {
      expect(row.siteName).toBeTruthy();
      expect(row.mileage).toBeGreaterThan(0);
      expect(row.mileage).toBeLessThan(60 * 1.25);
      expect(row.orderQuantity).toBeGreaterThanOrEqual(5);
      expect(row.orderQuantity).toBeLessThanOrEqual(30);
    }
    // The state derivation found each site's point (kept with the row, for the map) and its
    // nearest forecast site.
    expect(rows.filter((r) => r.weatherSiteId === null)).toEqual([]);
    expect(rows.filter((r) => r.latitude === null || r.longitude === null)).toEqual([]);
    const sources = new Set(rows.map((r) => r.locationSource));
    expect(sources).toContain('given');
    expect(sources).toContain('gridref');
    // Postcodes resolve offline in tests: to their district, or their area without districts.
    const byPostcode = [...sources].filter((s) => !['given', 'gridref'].includes(s!));
    expect(byPostcode.length).toBeGreaterThan(0);
    for (const source of byPostcode) expect(['postcode', 'outcode', 'area']).toContain(source);
  });

  it("sets thickness by course and output temperature within the mix's range", async () => {
    const rows = await deliveries();
    const codes = new Map(demoDeliveryCodes.map((code) => [code.Code, code]));
    for (const row of rows) {
      const code = codes.get(row.materialCode)!;
      expect(row.outputTemperature % 5).toBe(0);
      expect(row.outputTemperature).toBeGreaterThanOrEqual(code.MinMixTemp);
      expect(row.outputTemperature).toBeLessThanOrEqual(code.MaxMixTemp);
      expect(row.thickness % 5).toBe(0);
      const [thinnest, thickest] = demoCourseThickness[code.Course];
      if (row.thickness !== 0) {
        expect(row.thickness).toBeGreaterThanOrEqual(thinnest);
        expect(row.thickness).toBeLessThanOrEqual(thickest);
      }
    }
    const zero = rows.filter((r) => r.thickness === 0).length;
    expect(zero).toBeGreaterThan(0);
    expect(zero).toBeLessThan(rows.length / 20);
    // The additive is allowed on some loads, only of mixes that can take it.
    const additive = new Set(demoMaterials.filter((m) => m.CanAddEvotherm).map((m) => m.Code));
    const allowed = rows.filter((r) => r.evoThermAllowed);
    expect(allowed.length).toBeGreaterThan(rows.length / 10);
    expect(allowed.every((r) => additive.has(r.materialCode))).toBe(true);
  });

  it('uses material codes that match one pattern, several or none', async () => {
    const materials = await db().selectFrom('materials').select(['id', 'code']).execute();
    const rows = await deliveries();
    const matches = (code: string) => matchMaterials(code, materials).length;
    const several = rows.filter((r) => matches(r.materialCode) > 1);
    const none = rows.filter((r) => matches(r.materialCode) === 0);
    expect(several.length).toBeGreaterThan(rows.length / 10);
    expect(none.length).toBeGreaterThan(10);
    expect(none.length).toBeLessThan(rows.length / 10);
    expect(new Set(none.map((r) => r.materialCode))).toEqual(
      new Set(['SMA 6 SURF', 'AC 20 HDM BIN']),
    );
    const stored = await db()
      .selectFrom('materials')
      .select(['code', 'minMixTemp', 'maxMixTemp', 'mixType', 'canAddEvotherm'])
      .execute();
    for (const material of demoMaterials) {
      expect(stored).toContainEqual({
        code: material.Code,
        minMixTemp: material.MinMixTemp,
        maxMixTemp: material.MaxMixTemp,
        mixType: material.MixType,
        canAddEvotherm: material.CanAddEvotherm,
      });
    }
  });

  it('computes the states from the simulated forecast: every colour appears', async () => {
    const forecastSites = await db()
      .selectFrom('weatherForecastFetches')
      .select(['siteId', 'provider'])
      .execute();
    expect(forecastSites.length).toBeGreaterThan(20);
    expect(forecastSites.every((site) => site.provider === 'simulated')).toBe(true);
    const rows = await deliveries();
    const states = new Map<string, number>();
    for (const row of rows) states.set(row.state, (states.get(row.state) ?? 0) + 1);
    for (const state of ['R', 'A', 'G', 'Y', 'M']) {
      expect(states.get(state), state).toBeGreaterThan(0);
    }
    // Computed from the forecast of their hour (only the week's edges have none).
    const computed = rows.filter((r) => r.stateComputedAt !== null);
    expect(computed.length).toBeGreaterThan(rows.length * 0.8);
  });
});

describe('a fresh demo database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ demo: true });
  });
  afterAll(() => database.dispose());
  const db = () => database.db;
  const setting = async (key: string) =>
    (await db().selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())
      ?.value;
  const history = () =>
    db()
      .selectFrom('changeLogs')
      .select(['entityType', 'entityId', 'actionType', 'userId', 'userName', 'changes'])
      .orderBy('id')
      .execute();

  it('has users belong to groups and companies, which the demo accounts rely on', async () => {
    expect(await setting('GroupsAndCompanies.UsersBelongTo')).toBe(3);
    const reference = await createTestDatabase();
    try {
      // An installation without the demo keeps the default.
      const row = await reference.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'GroupsAndCompanies.UsersBelongTo')
        .executeTakeFirst();
      expect(row?.value ?? 0).toBe(0);
    } finally {
      await reference.dispose();
    }
  });

  it("starts the audit log with the seed's own creations, by the system", async () => {
    const entries = await history();
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThan(100);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actionType: 0, userId: null, userName: 'System' });
      expect(JSON.stringify(entry.changes)).not.toMatch(/password|hash/i);
    }
    const of = (entityType: string) =>
      entries.filter((e) => e.entityType === entityType).map((e) => e.entityId);
    const idsOf = async (table: 'users' | 'units' | 'materials' | 'groups' | 'companies') =>
      (await db().selectFrom(table).select('id').orderBy('id').execute()).map((r) => String(r.id));
    expect(of(companyEntity.entityType)).toEqual(await idsOf('companies'));
    expect(of(groupEntity.entityType)).toHaveLength(demoGroups.length);
    expect(of(unitEntity.entityType).sort()).toEqual((await idsOf('units')).sort());
    expect(of(materialEntity.entityType).sort()).toEqual((await idsOf('materials')).sort());
    expect(of(userEntity.entityType)).toHaveLength(demoAccounts.length);

    const employee1 = await db()
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'employee1')
      .executeTakeFirstOrThrow();
    const created = entries.find(
      (e) => e.entityType === userEntity.entityType && e.entityId === String(employee1.id),
    );
    const texts = (created!.changes as { ChangeText: string }[]).map((c) => c.ChangeText);
    expect(texts).toContain('Name: employee1');
    expect(texts).toContain('Groups: North crews');
    const company = entries.find((e) => e.entityType === companyEntity.entityType);
    expect(company!.changes).toEqual([
      expect.objectContaining({ Field: 'CompanyName', NewValue: demoCompany }),
    ]);
  });

  it('writes that history once: seeding again adds nothing', async () => {
    const before = await history();
    expect(await seedDemoData(db())).toBe(false);
    expect(await history()).toEqual(before);
    expect(await setting('GroupsAndCompanies.UsersBelongTo')).toBe(3);
  });
});

describe('the demo as its administrator sees it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it("shows the demo accounts' groups and company in the users grid and form", async () => {
    const client = apiClient(t);
    const page = await client.get('admin', "/odata/UsersOData?$filter=Name eq 'employee1'");
    expect(page.statusCode).toBe(200);
    const [row] = page.json<{ value: Record<string, unknown>[] }>().value;
    expect(row).toMatchObject({ CompanyName: demoCompany });
    const user = await client.get('admin', `/api/users/GetUserById/${String(row!.Id)}`);
    const view = user.json<{
      Company: { Name: string } | null;
      Groups?: { Name: string; IsChecked: boolean }[];
    }>();
    expect(view.Company?.Name).toBe(demoCompany);
    expect(view.Groups?.filter((g) => g.IsChecked).map((g) => g.Name)).toEqual(['North crews']);
  });

  it('answers the audit log with the history of the seed', async () => {
    const res = await apiClient(t).get('admin', '/api/changelog/GetAllChangeLogs');
    expect(res.statusCode).toBe(200);
    const entries = res.json<{ UserName: string; EntityType: string }[]>();
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((e) => e.UserName))).toEqual(new Set(['System']));
  });
});
