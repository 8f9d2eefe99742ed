import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UnitSync } from '#metadata';
import { putSetting } from '../../server/modules/settings/settings-repository';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { startUnitsSourceReplay, type UnitsSourceReplay } from '../support/units-source-replay';

/**
 * `GET api/syncunits/GetSyncUnits` and `POST api/syncunits/ApplySyncUnits` against a local
 * server replaying the recording system's answers (JSON and CSV), on a demo installation.
 */

let t: TestApp;
let client: ApiClient;
let source: UnitsSourceReplay;

const get = '/api/syncunits/GetSyncUnits';
const apply = '/api/syncunits/ApplySyncUnits';

async function configure(path: string, format = 'json', timeoutSeconds = 10) {
  await putSetting(t.database.db, 'Units.SyncSourceUrl', path ? `${source.url}${path}` : '');
  await putSetting(t.database.db, 'Units.SyncSourceFormat', format);
  await putSetting(t.database.db, 'Units.SyncTimeoutSeconds', timeoutSeconds);
  forgetSettings(t.app.db);
}

const units = () =>
  t.database.db
    .selectFrom('units')
    .select(['id', 'code', 'name', 'active', 'postcode', 'version'])
    .orderBy('code')
    .execute();

const unitLogs = () =>
  t.database.db.selectFrom('changeLogs').selectAll().where('entityType', '=', 'Unit').execute();

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  source = await startUnitsSourceReplay();
});
afterAll(async () => {
  await source.close();
  await t.close();
});

describe('comparing the units with the recording system', () => {
  beforeEach(() => configure('/units.json'));

  it('answers New, Upgrade, Result, the units the source lacks and the rows left out', async () => {
    const res = await client.get('manager', get);
    expect(res.statusCode).toBe(200);
    const sync = res.json<UnitSync>();
    expect(sync.New.map((unit) => unit.Code)).toEqual(['NTH03', 'SCO01']);
    expect(sync.New[0]).toEqual({
      Code: 'NTH03',
      Name: 'Sheffield (Tinsley) asphalt plant',
      Active: true,
      Latitude: 53.411,
      Longitude: -1.401,
      Postcode: 'S9 1XU',
    });
    const byCode = Object.fromEntries(sync.Upgrade.map((u) => [u.Code, u.Changes]));
    expect(Object.keys(byCode).sort()).toEqual(['MID01', 'NTH02']);
    expect(byCode.NTH02).toEqual([
      {
        Field: 'Name',
        Old: 'Manchester (Trafford Park) asphalt plant',
        New: 'Manchester (Trafford Park) plant',
      },
    ]);
    expect(byCode.MID01).toEqual([
      { Field: 'Active', Old: true, New: false },
      { Field: 'Postcode', Old: 'B10 0BS', New: 'B10 0BT' },
    ]);
    expect(sync.Missing.map((unit) => unit.Code).sort()).toEqual(['STH01', 'STH02', 'WST01']);
    expect(sync.Problems).toEqual([
      { Row: 6, Field: 'Name', Message: 'is required' },
      { Row: 7, Field: 'Latitude', Message: 'is not between 49 and 61' },
    ]);
    expect(sync.Unchanged).toBe(1);
    expect(sync.Result).toBe(
      '2 new units, 2 units to update, 3 active units the source lacks, 1 unchanged; 2 rows of the source left out.',
    );
    expect(sync.Token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reads the same list as CSV', async () => {
    const json = (await client.get('manager', get)).json<UnitSync>();
    await configure('/units.csv', 'csv');
    const res = await client.get('manager', get);
    expect(res.statusCode).toBe(200);
    const csv = res.json<UnitSync>();
    expect(csv).toEqual(json);
  });

  it.each([
    ['', 409, /No units source is configured/],
    ['/down', 502, /answered 503/],
    ['/nowhere', 502, /answered 404/],
    ['/broken.json', 502, /did not send JSON/],
    ['/not-a-list.json', 502, /not a list of units/],
    ['/huge.json', 502, /more than 2048 KB/],
    ['/moved', 502, /redirects elsewhere \(302\)/],
  ])('answers a source %s with %i and a message, never a 500', async (path, status, message) => {
    await configure(path);
    const res = await client.get('manager', get);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ Message: string }>().Message).toMatch(message);
    // Nothing follows a redirect: the last address asked is the configured one.
    if (path) expect(source.hits.at(-1)).toBe(path);
  });

  it('gives up on a source that does not answer within the timeout', async () => {
    await configure('/slow', 'json', 0.5);
    const res = await client.get('manager', get);
    expect(res.statusCode).toBe(502);
    expect(res.json<{ Message: string }>().Message).toMatch(/did not answer within 0.5 s/);
  });

  it('refuses employee1 both calls, changing nothing', async () => {
    const before = await units();
    const token = (await client.get('manager', get)).json<UnitSync>().Token;
    expect((await client.get('employee1', get)).statusCode).toBe(403);
    const res = await client.post('employee1', apply, { Token: token, New: ['NTH03'] });
    expect(res.statusCode).toBe(403);
    expect((await client.get(null, get)).statusCode).toBe(401);
    expect(await units()).toEqual(before);
  });
});

describe('applying the differences', () => {
  beforeEach(() => configure('/units.json'));

  it('refuses a token of another comparison, and codes not among the differences', async () => {
    const before = await units();
    const stale = await client.post('manager', apply, { Token: 'f'.repeat(32), New: ['NTH03'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ Message: string }>().Message).toMatch(/Compare again/);
    const { Token } = (await client.get('manager', get)).json<UnitSync>();
    const unknown = await client.post('manager', apply, { Token, New: ['NTH03', 'NOPE1'] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json<{ Message: string }>().Message).toMatch(/NOPE1/);
    expect(await units()).toEqual(before);
  });

  it('refuses when the source changed after the screen showed it', async () => {
    const { Token } = (await client.get('manager', get)).json<UnitSync>();
    source.set(
      '/units.json',
      source.json({ Units: [{ Code: 'NEW99', Name: 'Other', Active: true }] }),
    );
    try {
      const before = await units();
      const res = await client.post('manager', apply, { Token, New: ['NTH03'] });
      expect(res.statusCode).toBe(409);
      expect(await units()).toEqual(before);
    } finally {
      const { recordedAnswers } = await import('../support/units-source-replay');
      source.set('/units.json', recordedAnswers['/units.json']!);
    }
  });

  it('creates, updates and deactivates the confirmed units through the engine, logged', async () => {
    const logsBefore = (await unitLogs()).length;
    const { Token } = (await client.get('manager', get)).json<UnitSync>();
    const res = await client.post('manager', apply, {
      Token,
      New: ['NTH03'],
      Upgrade: ['NTH02', 'MID01'],
      Deactivate: ['WST01'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Created: 1, Updated: 2, Deactivated: 1 });

    const after = Object.fromEntries((await units()).map((unit) => [unit.code, unit]));
    expect(after.NTH03).toMatchObject({ name: 'Sheffield (Tinsley) asphalt plant', active: true });
    expect(after.NTH02).toMatchObject({ name: 'Manchester (Trafford Park) plant' });
    expect(after.MID01).toMatchObject({ active: false, postcode: 'B10 0BT' });
    expect(after.WST01).toMatchObject({ active: false });
    expect(after.STH01).toMatchObject({ active: true });
    expect(after.SCO01).toBeUndefined();
    const logs = (await unitLogs()).slice(logsBefore);
    expect(logs).toHaveLength(4);
    expect(logs.every((log) => log.userName === 'manager')).toBe(true);

    const again = (await client.get('manager', get)).json<UnitSync>();
    expect(again.New.map((unit) => unit.Code)).toEqual(['SCO01']);
    expect(again.Upgrade).toEqual([]);
    expect(again.Missing.map((unit) => unit.Code).sort()).toEqual(['STH01', 'STH02']);
  });
});
