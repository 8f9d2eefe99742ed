import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEntity, type ForecastHour } from '#metadata';
import { accessFor } from '../../server/engine/entity-access';
import { entityByName } from '../../server/engine/entity-context';
import { saveEntity } from '../../server/engine/entity-service';
import { publishStateChanges } from '../../server/modules/deliveries/state/events';
import {
  recordForecastFetch,
  upsertForecastHours,
} from '../../server/modules/weather/repositories/weather-forecasts';
import { announceForecastChange } from '../../server/modules/weather/forecast-events';
import { eventReader } from '../support/event-stream';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

const hourMs = 3_600_000;
const streamPath = '/api/Deliveries/StateStream';

describe('api/Deliveries/StateStream', () => {
  let t: TestApp;
  let base: string;
  let closed = false;
  const db = () => t.database.db;

  async function open(user: string) {
    const cookie = await signIn(t.app, user);
    const response = await fetch(`${base}${streamPath}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = eventReader(response.body!);
    await reader.until((text) => text.includes('retry: 5000\n\n'));
    return { response, reader, cookie };
  }

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (!closed) await t.app.close();
    await t.database.dispose();
  });

  it('streams server-sent events that proxies leave alone', async () => {
    const { response, reader } = await open('employee1');
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    await reader.cancel();
  });

  it('answers 401 to a signed-out caller, as JSON with a Message', async () => {
    const response = await fetch(`${base}${streamPath}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { Message: string }).Message).toBeTruthy();
  });

  it('sends the opening lines and one heartbeat, then ends, when asked once', async () => {
    const cookie = await signIn(t.app, 'employee1');
    const res = await t.app.inject({
      method: 'GET',
      url: `${streamPath}?once=1`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.body).toBe('retry: 5000\n\n: ping\n\n');
  });

  it('tells an open stream when a forecast change moves a delivery’s state', async () => {
    const site = await db()
      .selectFrom('weatherSites')
      .select(['id', 'latitude', 'longitude'])
      .where('name', '=', 'Leeds')
      .executeTakeFirstOrThrow();
    const start = Math.floor(Date.now() / hourMs) * hourMs;
    const hour = (i: number, rain = 0): ForecastHour => ({
      time: new Date(start + i * hourMs).toISOString(),
      airTemperature: 19,
      windSpeedKmh: 6,
      windGustKmh: null,
      windDirection: null,
      cloudCoverPercent: 30,
      shortwaveRadiation: null,
      precipitationProbability: 0,
      precipitationMm: rain,
      weatherCode: rain > 0 ? 61 : 1,
      weatherText: rain > 0 ? 'Rain' : 'Mainly clear',
    });
    await upsertForecastHours(db(), site.id, [hour(0), hour(1), hour(2), hour(3)]);
    await recordForecastFetch(db(), site.id, { provider: 'open-meteo', fetchedAt: new Date() });
    const adminUser = await db()
      .selectFrom('users')
      .select(['id', 'name'])
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const subject = { authenticated: true, permissions: ['ViewDeliveries', 'ManageDeliveries'] };
    const admin = accessFor(t.app.entityHooks, await entityByName(db(), deliveryEntity.name), {
      subject,
      actor: { id: adminUser.id, name: adminUser.name },
      user: {
        ...adminUser,
        isAdmin: true,
        subject,
        companyId: null,
        sessionId: null,
        roleIds: [],
      },
    });
    const unit = await db()
      .selectFrom('units')
      .select('id')
      .where('code', '=', 'STH01')
      .executeTakeFirstOrThrow();
    const startTime0 = new Date(start + 2 * hourMs + 15 * 60_000);
    const saved = await saveEntity<{ Id: number; State: string }>(db(), admin, {
      UniqueId1: 'STREAM-1',
      OutputTemperature: 160,
      EvoThermAllowed: false,
      MaterialCode: 'AC 20 DENSE BIN',
      UnitId: unit.id,
      DeliveryDate: startTime0.toISOString().slice(0, 10),
      StartTime0: startTime0.toISOString(),
      Thickness: 40,
      Mileage: 10,
      Latitude: site.latitude,
      Longitude: site.longitude,
    });
    expect(saved.State).toBe('G');

    // employee1 sees every delivery's state, not only Mine (this one is employee2's unit's).
    const { reader } = await open('employee1');
    const wet = [hour(2, 3)];
    await upsertForecastHours(db(), site.id, wet);
    await announceForecastChange(t.app.db, { siteId: site.id, hours: wet });
    await reader.until(() => reader.states().length > 0);
    expect(reader.states()).toEqual([
      { Id: saved.Id, State: 'R', AvailableTimeForCompaction: null },
    ]);
    const row = await db()
      .selectFrom('deliveries')
      .select('state')
      .where('id', '=', saved.Id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('R');
    await reader.cancel();
  });

  it('gathers changes and sends the latest state of each delivery', async () => {
    const { reader } = await open('employee2');
    publishStateChanges(t.app.db, [
      { Id: 101, State: 'G', AvailableTimeForCompaction: 30.2, UnitId: 1 },
      { Id: 102, State: 'A', AvailableTimeForCompaction: 9.1, UnitId: 2 },
    ]);
    publishStateChanges(t.app.db, [
      { Id: 101, State: 'Y', AvailableTimeForCompaction: 6.4, UnitId: 1 },
    ]);
    // In one process the three changes come as one event; on PostgreSQL they travel by NOTIFY
    // and may straddle two gatherings: either way the last word on each delivery is its latest.
    await reader.until((text) => text.includes('"State":"Y"'));
    const latest = new Map(
      (reader.states() as { Id: number }[]).map((state) => [state.Id, state] as const),
    );
    expect([...latest.values()].sort((a, b) => a.Id - b.Id)).toEqual([
      { Id: 101, State: 'Y', AvailableTimeForCompaction: 6.4 },
      { Id: 102, State: 'A', AvailableTimeForCompaction: 9.1 },
    ]);
    await reader.cancel();
  });

  it('sends nothing more once the caller’s permission is gone, and ends', async () => {
    const { reader } = await open('demo');
    const demo = await db()
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'demo')
      .executeTakeFirstOrThrow();
    const roles = await db()
      .selectFrom('userRoles')
      .selectAll()
      .where('userId', '=', demo.id)
      .execute();
    await db().deleteFrom('userRoles').where('userId', '=', demo.id).execute();
    try {
      publishStateChanges(t.app.db, [
        { Id: 103, State: 'R', AvailableTimeForCompaction: 2, UnitId: 1 },
      ]);
      expect(await reader.ended()).toBe(true);
      expect(reader.states()).toEqual([]);
    } finally {
      await db().insertInto('userRoles').values(roles).execute();
    }
  });

  it('ends when the session is signed out', async () => {
    const { reader, cookie } = await open('manager');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.statusCode).toBeLessThan(300);
    publishStateChanges(t.app.db, [
      { Id: 104, State: 'G', AvailableTimeForCompaction: 40, UnitId: 1 },
    ]);
    expect(await reader.ended()).toBe(true);
    expect(reader.states()).toEqual([]);
  });

  it('ends every open stream when the app closes, without holding the close', async () => {
    const { reader } = await open('employee1');
    const closing = Date.now();
    closed = true;
    await t.app.close();
    expect(Date.now() - closing).toBeLessThan(3_000);
    expect(await reader.ended()).toBe(true);
  });
});
