import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordForecastFetch,
  upsertForecastHours,
} from '../../server/modules/weather/repositories/weather-forecasts';
import {
  deliveryStateEvents,
  type DeliveryStateChange,
} from '../../server/modules/deliveries/state/events';
import { apiClient } from '../support/api-client';
import {
  clearDeliveries,
  createDelivery,
  createHotMix,
  forecastHourAt,
  createUnit,
  linkUserUnit,
  storedDelivery,
} from '../support/deliveries';
import { createTestApp, type TestApp } from '../support/test-app';

const hourMs = 3_600_000;
const whatIf = '/api/Deliveries/SetNewState';

interface WhatIf {
  Id: number;
  State: string;
  AvailableTimeForCompaction: number | null;
  StateReasonCode: string | null;
  StateReason: string | null;
  Curve: { Minute: number; MeanTemperature: number; SurfaceTemperature: number }[];
  Version: number;
}

describe('SetNewState and SaveDelivery against the compaction model', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let id = 0;
  let delivery: Record<string, unknown>;

  const ask = async (inputs: Record<string, unknown>) => {
    const res = await client.post('employee1', whatIf, { ...delivery, ...inputs });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<WhatIf>();
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const db = t.database.db;
    await clearDeliveries(db);
    const unit = await createUnit(db, 'QSN');
    await linkUserUnit(db, 'employee1', unit);
    const code = 'QA-STATE';
    const material = await createHotMix(db, code);
    const site = await db
      .selectFrom('weatherSites')
      .select(['id', 'latitude', 'longitude'])
      .where('name', '=', 'Leeds')
      .executeTakeFirstOrThrow();
    const start = Math.floor(Date.now() / hourMs) * hourMs + 24 * hourMs;
    const hours = Array.from({ length: 12 }, (_, i) =>
      forecastHourAt(start + i * hourMs, { airTemperature: 18 }),
    );
    await upsertForecastHours(db, site.id, hours);
    await recordForecastFetch(db, site.id, { provider: 'open-meteo', fetchedAt: new Date() });
    id = await createDelivery(db, {
      unitId: unit,
      material,
      startTime0: new Date(start + 3 * hourMs + 10 * 60_000),
      extra: {
        latitude: site.latitude,
        longitude: site.longitude,
        locationSource: 'given',
        mileage: 10,
      },
    });
    delivery = (await client.get('employee1', `/api/Deliveries/GetDeliveryById/${id}`)).json();
  });
  afterAll(() => t.close());

  it('answers each colour from the posted inputs, with the curve behind it', async () => {
    const thick = await ask({ Thickness: 100, OutputTemperature: 160, EvoThermAllowed: false });
    expect(thick.State).toBe('G');
    const thin = await ask({ Thickness: 20, OutputTemperature: 160, EvoThermAllowed: false });
    expect(thin.State).toBe('R');
    expect(thin.AvailableTimeForCompaction!).toBeLessThan(thick.AvailableTimeForCompaction!);
    const withAdditive = await ask({
      Thickness: 20,
      OutputTemperature: 160,
      EvoThermAllowed: true,
    });
    expect(withAdditive).toMatchObject({ State: 'Y', StateReasonCode: 'yellow' });
    const hotter = await ask({ Thickness: 20, OutputTemperature: 180, EvoThermAllowed: false });
    expect(hotter.State).toBe('A');
    expect(hotter.AvailableTimeForCompaction!).toBeGreaterThan(thin.AvailableTimeForCompaction!);
    const unknownThickness = await ask({ Thickness: 0, OutputTemperature: 160 });
    expect(unknownThickness).toMatchObject({ State: 'M', Curve: [] });

    for (const answer of [thick, thin, hotter]) {
      expect(answer.StateReason).toEqual(expect.any(String));
      expect(answer.Curve.length).toBeGreaterThan(1);
      const minutes = answer.Curve.map((point) => point.Minute);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
      const first = answer.Curve[0]!;
      const last = answer.Curve.at(-1)!;
      expect(last.MeanTemperature).toBeLessThan(first.MeanTemperature);
    }
    // Nothing was saved.
    expect(await storedDelivery(t.database.db, id)).toMatchObject({
      thickness: 40,
      version: 1,
      state: 'G',
    });
  });

  it('stores on a save the state the what-if answered, and tells open grids', async () => {
    const inputs = { Thickness: 20, OutputTemperature: 160, EvoThermAllowed: true };
    const expected = await ask(inputs);
    const published: DeliveryStateChange[] = [];
    const stop = deliveryStateEvents(t.app.db).subscribe((changes) => published.push(...changes));
    const res = await client.post('employee1', '/api/Deliveries/SaveDelivery', {
      ...delivery,
      ...inputs,
    });
    // On PostgreSQL the change travels by NOTIFY: it arrives a moment after the save.
    await expect.poll(() => published.length).toBeGreaterThan(0);
    stop();
    expect(published).toEqual([
      {
        Id: id,
        State: expected.State,
        AvailableTimeForCompaction: expected.AvailableTimeForCompaction,
        UnitId: delivery.UnitId,
      },
    ]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({
      State: expected.State,
      AvailableTimeForCompaction: expected.AvailableTimeForCompaction,
      StateReason: expected.StateReason,
      Version: 2,
    });
    expect(await storedDelivery(t.database.db, id)).toMatchObject({
      thickness: 20,
      evoThermAllowed: true,
      state: expected.State,
      availableTimeForCompaction: expected.AvailableTimeForCompaction,
    });
  });
});
