import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config';
import { tileImageSource } from '../../server/modules/places/routes/map';
import {
  recordForecastFetch,
  upsertForecastHours,
} from '../../server/modules/weather/repositories/weather-forecasts';
import { apiClient } from '../support/api-client';
import {
  clearDeliveries,
  createDelivery,
  createHotMix,
  createUnit,
  forecastHourAt,
  giveOnlyRole,
  linkUserUnit,
} from '../support/deliveries';
import { startPostcodesIoReplay, type ReplayServer } from '../support/postcodes-io-replay';
import { createTestApp, type TestApp } from '../support/test-app';
import { setSetting } from './account-support';
import { changeLogCount } from './people-support';

const hourMs = 3_600_000;
const usersValues = (field: string, filter?: string) =>
  `/api/entities/Users/values/${field}${filter === undefined ? '' : `?$filter=${encodeURIComponent(filter)}`}`;
const deliveryValues = (field: string, filter: string) =>
  `/api/Deliveries/FilterValues/${field}?ShowPast=true&$filter=${encodeURIComponent(filter)}`;
const suggest = '/api/Deliveries/SuggestChanges';

/** Nothing of the database's text, its SQL, a stored hash or a stack trace reaches a client. */
function expectNoInternals(body: string) {
  expect(body).not.toMatch(/\bselect\b|\bfrom "|scrypt\$|\bat .+\.ts:\d+|node_modules/i);
}

/**
 * The hostile review of the deliveries home, the map settings, SuggestChanges and the value
 * lists' `$filter`: every refusal is checked for its status, its body and that nothing changed.
 */
describe('security review II: deliveries home, value lists, suggestions, map', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let replay: ReplayServer;
  let material: { id: number; code: string };
  let unit: number;
  let redId = 0;
  let postcodeId = 0;
  let snapshot: () => Promise<unknown>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    replay = await startPostcodesIoReplay();
    const db = t.database.db;
    await clearDeliveries(db);
    await giveOnlyRole(db, 'demo', 'Nothing of deliveries II', []);
    unit = await createUnit(db, 'SEC2');
    await linkUserUnit(db, 'employee1', unit);
    material = await createHotMix(db, 'QA-SEC2-HOT');
    // Cold and windy all day at every forecast site, the day after tomorrow: a thin course
    // of a hot mix is RED there, and every working hour is still to come.
    const start = Date.now() + 48 * hourMs;
    const dayStart = start - (start % hourMs) - 12 * hourMs;
    const hours = Array.from({ length: 30 }, (_, i) =>
      forecastHourAt(dayStart + i * hourMs, { airTemperature: 4, windSpeedKmh: 30 }),
    );
    const sites = await db
      .selectFrom('weatherSites')
      .select(['id', 'latitude', 'longitude'])
      .execute();
    for (const site of sites) {
      await upsertForecastHours(db, site.id, hours);
      await recordForecastFetch(db, site.id, { provider: 'open-meteo', fetchedAt: new Date() });
    }
    const site = sites[0]!;
    redId = await createDelivery(db, {
      unitId: unit,
      material,
      startTime0: new Date(start),
      extra: {
        latitude: site.latitude,
        longitude: site.longitude,
        locationSource: 'given',
        mileage: 10,
        thickness: 25,
        outputTemperature: 160,
        state: 'R',
      },
    });
    // A delivery located only by the postcode of its address (no coordinates kept yet).
    postcodeId = await createDelivery(db, {
      unitId: unit,
      material,
      startTime0: new Date(start),
      extra: {
        shipToAddress: '10 Downing Street, London SW1A 1AA',
        latitude: null,
        longitude: null,
        locationSource: null,
        mileage: 10,
        thickness: 25,
        outputTemperature: 160,
        state: 'R',
      },
    });
    // Signed in before any snapshot: a sign-in records its time on the user's row.
    for (const user of ['admin', 'companyadmin', 'employee1', 'employee2', 'demo']) {
      await client.get(user, '/api/users/GetCurrentUserId');
    }
    snapshot = async () => ({
      deliveries: await db.selectFrom('deliveries').selectAll().orderBy('id').execute(),
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      changes: await changeLogCount(t),
    });
  });
  afterAll(async () => {
    await replay?.close();
    await t?.close();
  });

  describe('$filter on the generic value lists', () => {
    it('refuses a caller without the entity’s read permission, whatever the filter', async () => {
      const signedOut = await client.get(null, usersValues('Name', "Name eq 'admin'"));
      expect(signedOut.statusCode).toBe(401);
      const employee = await client.get('employee1', usersValues('Name', "Name eq 'admin'"));
      expect(employee.statusCode).toBe(403);
      expect(employee.body).not.toContain('admin@');
    });

    it('cannot probe the password hash, as the OData list cannot', async () => {
      const before = await snapshot();
      for (const filter of [
        "startswith(Password, '$')",
        "Password eq 'x'",
        "startswith(password_hash, 's')",
        'PasswordHash ne null',
      ]) {
        const values = await client.get('admin', usersValues('Name', filter));
        const list = await client.get(
          'admin',
          `/odata/UsersOData?$filter=${encodeURIComponent(filter)}`,
        );
        expect(values.statusCode, filter).toBe(400);
        expect(list.statusCode, filter).toBe(400);
        expectNoInternals(values.body);
      }
      for (const field of ['Password', 'password_hash', 'PasswordHash']) {
        const res = await client.get('admin', usersValues(field));
        expect(res.statusCode, field).toBe(400);
        expectNoInternals(res.body);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('stays within the caller’s row scope: a company administrator sees only their company', async () => {
      const listed = await client.get('companyadmin', '/odata/UsersOData?$select=Name&$top=100');
      const reach = listed
        .json<{ value: { Name: string }[] }>()
        .value.map((user) => user.Name)
        .sort();
      expect(reach).not.toContain('admin');
      for (const filter of [
        "Name eq 'admin'",
        "Name ne 'x' or Name eq 'admin'",
        'Active eq true',
      ]) {
        const res = await client.get('companyadmin', usersValues('Name', filter));
        expect(res.statusCode, filter).toBe(200);
        const names = res.json<string[]>();
        expect(
          names.every((name) => reach.includes(name)),
          filter,
        ).toBe(true);
        expect(names).not.toContain('admin');
      }
      // A collection filter cannot reach beyond the scope either.
      const roles = await client.get(
        'companyadmin',
        usersValues('Name', "Roles/any(r: r/Name eq 'Administrator')"),
      );
      expect(roles.statusCode).toBe(200);
      expect(roles.json<string[]>()).not.toContain('admin');
    });

    it('refuses deep, long and many-part filters with a 400, before any SQL', async () => {
      const deep = `${'('.repeat(60)}Name eq 'x'${')'.repeat(60)}`;
      const nots = `${'not '.repeat(60)}(Name eq 'x')`;
      const many = Array.from({ length: 150 }, (_, i) => `Name eq 'n${i}'`).join(' or ');
      const long = `Name eq '${'x'.repeat(5000)}'`;
      for (const filter of [deep, nots, many, long]) {
        const url = usersValues('Name', filter);
        const res = await client.get('admin', url);
        expect(res.statusCode, filter.slice(0, 40)).toBe(400);
        expectNoInternals(res.body);
        const deliveries = await client.get('employee1', deliveryValues('SiteName', filter));
        expect(deliveries.statusCode, filter.slice(0, 40)).toBe(400);
        expectNoInternals(deliveries.body);
      }
    });

    it('answers a 400, never a 500, for malformed or out-of-range filters', async () => {
      for (const filter of [
        "Name eq 'unclosed",
        'Name eq',
        'Name eq 1',
        'Id eq 99999999999999999999',
        'Id eq 9007199254740991',
        "contains(Name, 'a', 'b')",
        'Name/any(x: x eq 1)',
        "Name eq 'a' ;drop table users",
      ]) {
        const res = await client.get('admin', usersValues('Name', filter));
        expect(res.statusCode, filter).toBeLessThan(500);
        expectNoInternals(res.body);
      }
      for (const filter of [
        'StartTime0 gt 0000-01-01T00:00:00Z',
        'DeliveryDate gt 0000-01-01',
        'StartTime0 gt 9999-12-31T23:59:59-23:59',
        'OutputTemperature gt 1e300',
        'Id eq 9007199254740991',
        'year(StartTime0) eq 9007199254740991',
        'StartTime0 gt 0001-01-01T00:00:00+15:59',
        'StartTime0 gt 2026-01-01T00:00:00+16:00',
        'DeliveryDate gt 0001-01-01T00:00:00Z',
        'date(StartTime0) eq 0001-01-01',
        'Thickness eq -9007199254740991',
        'OutputTemperature eq 0.000000000000000000001',
        'contains(SiteName, SiteName) and length(SiteName) gt -1',
        "Mine eq 1 and startswith(tolower(SiteName), '%_\\')",
      ]) {
        for (const url of [
          deliveryValues('SiteName', filter),
          `/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser?$filter=${encodeURIComponent(filter)}`,
        ]) {
          const res = await client.get('employee1', url);
          expect(res.statusCode, `${filter} ${url.slice(0, 30)}`).toBeLessThan(500);
          expectNoInternals(res.body);
        }
      }
    });

    it('narrows the deliveries’ value lists by the filter, and only over what the list shows', async () => {
      const res = await client.get('employee1', deliveryValues('UniqueId1', `Id eq ${redId}`));
      expect(res.statusCode).toBe(200);
      expect(res.json<string[]>()).toHaveLength(1);
      const none = await client.get('demo', deliveryValues('UniqueId1', `Id eq ${redId}`));
      expect(none.statusCode).toBe(403);
      const generic = await client.get(
        'demo',
        `/api/entities/Deliveries/values/UniqueId1?$filter=${encodeURIComponent(`Id eq ${redId}`)}`,
      );
      expect(generic.statusCode).toBe(403);
    });
  });

  describe('POST api/Deliveries/SuggestChanges', () => {
    const body = (id: number, inputs: Record<string, unknown> = {}) => ({
      Id: id,
      OutputTemperature: 160,
      Thickness: 25,
      EvoThermAllowed: false,
      ...inputs,
    });

    it('refuses the signed-out, callers without ViewDeliveries and unknown deliveries; saves nothing', async () => {
      const before = await snapshot();
      expect((await client.post(null, suggest, body(redId))).statusCode).toBe(401);
      const demo = await client.post('demo', suggest, body(redId));
      expect(demo.statusCode).toBe(403);
      const missing = await client.post('employee1', suggest, body(2_000_000_000));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ Message: 'The delivery does not exist.' });
      expect(await snapshot()).toEqual(before);
    });

    it('answers bad inputs with a 400 naming no internals', async () => {
      const before = await snapshot();
      for (const inputs of [
        { Thickness: 999 },
        { OutputTemperature: -5 },
        { OutputTemperature: 300 },
        { OutputTemperature: 161 },
        { Thickness: 'x' },
        { Id: 0 },
        { Id: -1 },
        { Id: 2 ** 31 },
        { EvoThermAllowed: 'yes please' },
      ]) {
        const res = await client.post('employee1', suggest, body(redId, inputs));
        expect(res.statusCode, JSON.stringify(inputs)).toBe(400);
        expectNoInternals(res.body);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('suggests for any viewer, changing no delivery and writing no change log', async () => {
      const before = await snapshot();
      const res = await client.post('employee2', suggest, body(redId));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const answer = res.json<{ State: string; Suggestions: unknown[] }>();
      expect(answer.State).toBe('R');
      expect(answer.Suggestions.length).toBeGreaterThan(0);
      expect(await snapshot()).toEqual(before);
    });

    it('looks a postcode up once per call, not once per candidate change', async () => {
      await setSetting(t, 'Weather.PostcodeLookupUrl', replay.url);
      try {
        const before = await snapshot();
        replay.hits.length = 0;
        const res = await client.post('employee1', suggest, body(postcodeId));
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        const answer = res.json<{ State: string; Suggestions: unknown[] }>();
        expect(answer.State).toBe('R');
        expect(answer.Suggestions.length).toBeGreaterThan(0);
        expect(replay.hits).toEqual(['/postcodes/SW1A%201AA']);
        expect(await snapshot()).toEqual(before);
      } finally {
        await setSetting(t, 'Weather.PostcodeLookupUrl', '');
      }
    });
  });

  describe('GET api/Map/GetMapSettings and the tile host in the CSP', () => {
    it('is for signed-in callers only', async () => {
      const res = await client.get(null, '/api/Map/GetMapSettings');
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('TileUrl');
    });

    it('refuses tile templates that could split a header or run script', () => {
      for (const url of [
        'https://tiles.example.org/{z}/{x}/{y}.png\r\nSet-Cookie: a=b',
        'https://tiles.example.org/{z}/{x}/{y}.png\nX',
        'https://tiles.example.org/{z}/{x}/{y}.png"><script>',
        'data:image/png,{z}{x}{y}',
        'javascript://x/{z}/{x}/{y}',
        'HTTPS://tiles.example.org/{z}/{x}/{y}.png',
      ]) {
        expect(() => loadConfig({ MAP_TILE_URL: url }), url).toThrow(/MAP_TILE_URL/);
      }
    });

    it('adds only a plain host (or a scheme) to img-src, never other directives', () => {
      for (const url of [
        "https://a.example;script-src 'unsafe-inline'/{z}/{x}/{y}",
        'https://a.example,b.example/{z}/{x}/{y}',
        'https://user:pw@tiles.example.org/{z}/{x}/{y}.png',
        "https://tiles.example.org'/{z}/{x}/{y}.png",
      ]) {
        const source = tileImageSource(url);
        expect(source, url).toMatch(/^https?:(\/\/(\*\.)?[A-Za-z0-9.-]+(:\d+)?)?$/);
      }
    });

    it('serves a CSP that keeps scripts to this site when a tile server is set', async () => {
      const tiled = await createTestApp({
        env: { MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' },
      });
      try {
        const res = await tiled.app.inject({ method: 'GET', url: '/health' });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.org;");
        expect(csp).toMatch(/script-src 'self'[;\s]/);
        expect(csp).toContain("connect-src 'self'");
        expect(csp).not.toContain('unsafe-eval');
      } finally {
        await tiled.close();
      }
    });
  });
});
