import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEntity } from '#metadata';
import { accessFor } from '../../server/engine/entity-access';
import { entityByName } from '../../server/engine/entity-context';
import { saveEntity } from '../../server/engine/entity-service';
import { refreshSite } from '../../server/modules/weather/forecasts';
import { apiClient, type ApiClient } from '../support/api-client';
import { eventReader } from '../support/event-stream';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  startReplayServer,
  steadyOpenMeteoAnswer,
  type ReplayServer,
} from '../support/weather-replay-server';
import { setSetting } from './account-support';

/**
 * The forecast refresh as a job: `POST api/jobs/weather.refresh/run` fetches the due sites, a
 * forecast that turned to rain makes a coming delivery there red, and a staff member's open
 * state stream hears it.
 */
const hourMs = 3_600_000;
const hourStart = () => Math.floor(Date.now() / hourMs) * hourMs;

describe('the weather.refresh job', () => {
  let t: TestApp;
  let client: ApiClient;
  let provider: ReplayServer;
  let base: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    provider = await startReplayServer();
    t = await createTestApp({ demo: true, jobs: true });
    client = apiClient(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await setSetting(t, 'Weather.Provider', 'open-meteo');
    await setSetting(t, 'Weather.BaseUrl', provider.baseUrl);
    await setSetting(t, 'Weather.TimeoutSeconds', 2);
    await setSetting(t, 'Weather.Retries', 0);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('changes a delivery’s state and the state stream hears it', { timeout: 60_000 }, async () => {
    const site = await db()
      .selectFrom('weatherSites')
      .select(['id', 'latitude', 'longitude'])
      .where('name', '=', 'Inverness')
      .executeTakeFirstOrThrow();
    provider.answer(steadyOpenMeteoAnswer(0));
    expect(await refreshSite(db(), site.id)).toMatchObject({ status: 'fetched' });
    const admin = await db()
      .selectFrom('users')
      .select(['id', 'name'])
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const subject = {
      authenticated: true,
      permissions: ['ViewDeliveries', 'AmendDeliveries', 'ManageDeliveries'],
    };
    const access = accessFor(t.app.entityHooks, await entityByName(db(), deliveryEntity.name), {
      subject,
      actor: { id: admin.id, name: admin.name },
      user: { ...admin, isAdmin: true, subject, companyId: null, sessionId: null, roleIds: [] },
    });
    const unit = await db()
      .selectFrom('units')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const start = hourStart() + 2 * hourMs + 10 * 60_000;
    const { Id } = await saveEntity<{ Id: number }>(db(), access, {
      UniqueId1: 'JOB-REFRESH-1',
      OutputTemperature: 160,
      EvoThermAllowed: false,
      MaterialCode: 'AC 20 DENSE BIN',
      UnitId: unit.id,
      DeliveryDate: new Date(start).toISOString().slice(0, 10),
      StartTime0: new Date(start).toISOString(),
      Thickness: 40,
      Mileage: 10,
      Latitude: site.latitude,
      Longitude: site.longitude,
    });
    const state = async () =>
      (
        await db()
          .selectFrom('deliveries')
          .select('state')
          .where('id', '=', Id)
          .executeTakeFirstOrThrow()
      ).state;
    expect(await state()).toBe('G');

    const cookie = await signIn(t.app, 'admin');
    const response = await fetch(`${base}/api/Deliveries/StateStream`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = eventReader(response.body!);
    try {
      await reader.until((text) => text.includes('retry: 5000\n\n'));
      // Due again: last tried two hours ago. The provider now forecasts rain.
      await db()
        .updateTable('weatherForecastFetches')
        .set({ lastAttemptAt: new Date(Date.now() - 2 * hourMs) })
        .where('siteId', '=', site.id)
        .execute();
      provider.answer(steadyOpenMeteoAnswer(4));
      const run = await client.post('admin', '/api/jobs/weather.refresh/run', {});
      expect(run.statusCode).toBe(202);
      const { RunId } = run.json<{ RunId: number }>();
      await expect.poll(state, { timeout: 20_000 }).toBe('R');
      await reader.until(() =>
        (reader.states() as { Id: number; State: string }[]).some(
          (change) => change.Id === Id && change.State === 'R',
        ),
      );
      const history = await client.get('admin', '/api/jobs/weather.refresh/runs');
      await expect
        .poll(async () => {
          const runs = (await client.get('admin', '/api/jobs/weather.refresh/runs')).json<{
            Items: { Id: number; State: string; Message: string }[];
          }>();
          return runs.Items.find((item) => item.Id === RunId)?.State;
        })
        .toBe('succeeded');
      expect(history.statusCode).toBe(200);
    } finally {
      await reader.cancel();
    }
  });
});
