import { describe, expect, it, vi } from 'vitest';
import type { ForecastHour } from '#metadata';
import { defaultCompactionSettings } from '../../server/domain/compaction';
import { deriveFrom } from '../../server/modules/deliveries/state/derive-from';
import type { DeriveSources, SiteForecast } from '../../server/modules/deliveries/state/sources';
import type { DeliveryMaterial } from '../../server/modules/deliveries/repositories/delivery-materials';

const now = new Date('2026-03-10T08:00:00.000Z');
const hourMs = 3_600_000;

const binder: DeliveryMaterial = {
  id: 11,
  code: 'AC ?? DENSE BIN',
  canAddEvotherm: true,
  minMixTemp: 120,
  maxMixTemp: 190,
  mixType: 'dense',
  stopTemperature: null,
};
const base: DeliveryMaterial = {
  ...binder,
  id: 12,
  code: 'AC 32 DENSE BASE',
  canAddEvotherm: false,
};

function hourOf(weather: Partial<ForecastHour>, time = '2026-03-10T10:00:00.000Z'): ForecastHour {
  return {
    time,
    airTemperature: 10,
    windSpeedKmh: 10,
    windGustKmh: null,
    windDirection: null,
    cloudCoverPercent: 100,
    shortwaveRadiation: null,
    precipitationProbability: null,
    precipitationMm: 0,
    weatherCode: 3,
    weatherText: 'Overcast',
    ...weather,
  };
}

function sources(forecast: Partial<SiteForecast> & { hours?: ForecastHour[] } = {}) {
  const hours = forecast.hours ?? [hourOf({})];
  const fake = {
    now,
    settings: defaultCompactionSettings,
    staleAfterHours: 6,
    materials: [binder, base],
    nearestSite: vi.fn(() => ({ id: 7, distanceKm: 3.25 })),
    forecastAt: vi.fn(async (_siteId: number, at: Date): Promise<SiteForecast> => ({
      hour: hours.filter((h) => Date.parse(h.time) <= at.getTime()).at(-1),
      fetchedAt: new Date(now.getTime() - hourMs),
      requestedAt: null,
      ...forecast,
    })),
    locatePostcode: vi.fn(async () => null),
    requestForecast: vi.fn(async () => undefined),
  } satisfies DeriveSources;
  return fake;
}

const delivery = (values: Record<string, unknown> = {}) => ({
  MaterialCode: 'AC 20 DENSE BIN',
  OutputTemperature: 160,
  Thickness: 40,
  Mileage: 10,
  EvoThermAllowed: false,
  Latitude: 53.8,
  Longitude: -1.5,
  StartTime0: '2026-03-10T10:20:00.000Z',
  ...values,
});

async function stateOf(values: Record<string, unknown>, weather: Partial<ForecastHour>) {
  const { computed } = await deriveFrom(sources({ hours: [hourOf(weather)] }), values, undefined);
  return computed;
}

describe('a delivery’s state from the model and a forecast', () => {
  it('is G for a thick lift on a warm calm day', async () => {
    const computed = await stateOf(delivery({ Thickness: 100 }), {
      airTemperature: 20,
      windSpeedKmh: 5,
    });
    expect(computed).toMatchObject({
      State: 'G',
      StateReasonCode: 'green',
      StateNeededMinutes: 15,
    });
    expect(computed.AvailableTimeForCompaction).toBeGreaterThan(22.5);
  });

  it('is A when the time available only just covers the rolling', async () => {
    const computed = await stateOf(delivery({ Thickness: 35 }), {
      airTemperature: 8,
      windSpeedKmh: 20,
    });
    expect(computed).toMatchObject({ State: 'A', StateReasonCode: 'amber', StateNeededMinutes: 8 });
  });

  it('is R for a thin lift in a cold wind', async () => {
    const computed = await stateOf(delivery({ Thickness: 20 }), {
      airTemperature: 4,
      windSpeedKmh: 40,
    });
    expect(computed).toMatchObject({ State: 'R', StateReasonCode: 'red' });
    expect(computed.AvailableTimeForCompaction).toBeLessThan(7);
  });

  it('is Y when the additive is allowed and the material takes it, else R', async () => {
    const cold = { airTemperature: 6, windSpeedKmh: 30 };
    const allowed = delivery({ Thickness: 25, EvoThermAllowed: true });
    expect(await stateOf(allowed, cold)).toMatchObject({ State: 'Y', StateReasonCode: 'yellow' });
    const refused = { ...allowed, MaterialCode: 'AC 32 DENSE BASE' };
    expect(await stateOf(refused, cold)).toMatchObject({ State: 'R', MaterialId: base.id });
    expect(await stateOf({ ...allowed, EvoThermAllowed: false }, cold)).toMatchObject({
      State: 'R',
    });
  });

  it('is R in rain whatever the lift', async () => {
    const computed = await stateOf(delivery({ Thickness: 100 }), { precipitationMm: 1.2 });
    expect(computed).toMatchObject({
      State: 'R',
      StateReasonCode: 'rain',
      AvailableTimeForCompaction: null,
    });
  });

  it('is M for an unknown thickness (0), outside the model’s range', async () => {
    const computed = await stateOf(delivery({ Thickness: 0 }), {});
    expect(computed).toMatchObject({ State: 'M', StateReasonCode: 'outOfRange' });
  });

  it('keeps the model’s inputs, version, reason and the forecast shown in the grid', async () => {
    const { computed } = await deriveFrom(sources(), delivery(), undefined);
    expect(computed).toMatchObject({
      MaterialId: binder.id,
      Latitude: 53.8,
      Longitude: -1.5,
      LocationSource: 'given',
      WeatherSiteId: 7,
      WeatherSiteDistanceKm: 3.25,
      WeatherForecastTemperature: 10,
      WindSpeed: 10,
      StateModelVersion: expect.any(String),
      StateComputedAt: now.toISOString(),
      StateForecastFetchedAt: new Date(now.getTime() - hourMs).toISOString(),
      StateReasonParams: expect.objectContaining({ neededMinutes: 8 }),
    });
    expect(computed.WeatherForecastAsHtml).toContain('10 °C');
    expect(computed.StateInputs).toMatchObject({ thicknessMm: 40, outputTemperature: 160 });
    expect(computed.StateReason).toMatch(/min available, 8 min needed/);
  });

  it('answers the cooling curve when asked and the model ran', async () => {
    const { curve } = await deriveFrom(sources(), delivery(), undefined, true);
    expect(curve!.length).toBeGreaterThan(5);
    expect(curve![0]).toMatchObject({ Minute: 0 });
    expect(curve!.at(-1)!.MeanTemperature).toBeLessThan(curve![0]!.MeanTemperature);
    const rain = sources({ hours: [hourOf({ precipitationMm: 3 })] });
    expect((await deriveFrom(rain, delivery(), undefined, true)).curve).toBeUndefined();
  });
});

describe('a delivery the model cannot judge (state M)', () => {
  it('says so when nothing locates the site', async () => {
    const fake = sources();
    const { computed } = await deriveFrom(
      fake,
      delivery({ Latitude: null, Longitude: null }),
      undefined,
    );
    expect(computed).toMatchObject({
      State: 'M',
      StateReasonCode: 'noLocation',
      StateReason: 'No usable location for the site (coordinates, grid reference or postcode)',
      Latitude: null,
      WeatherSiteId: null,
      WeatherForecastAsHtml: null,
      AvailableTimeForCompaction: null,
    });
    expect(fake.forecastAt).not.toHaveBeenCalled();
  });

  it('says so when no material matches the code, still showing the forecast', async () => {
    const { computed } = await deriveFrom(
      sources(),
      delivery({ MaterialCode: 'NOPE 1' }),
      undefined,
    );
    expect(computed).toMatchObject({
      State: 'M',
      StateReasonCode: 'noMaterial',
      StateReason: 'No material matches the code',
      MaterialId: null,
      WeatherForecastTemperature: 10,
    });
  });

  it('asks the refresh task for a site never fetched, without fetching in the save', async () => {
    const fake = sources({ hours: [], fetchedAt: null });
    const { computed } = await deriveFrom(fake, delivery(), undefined);
    expect(computed).toMatchObject({ State: 'M', StateReasonCode: 'noForecast', WindSpeed: null });
    expect(fake.requestForecast).toHaveBeenCalledWith(7);
    const asked = sources({
      hours: [],
      fetchedAt: null,
      requestedAt: new Date(now.getTime() - 60_000),
    });
    await deriveFrom(asked, delivery(), undefined);
    expect(asked.requestForecast).not.toHaveBeenCalled();
  });

  it('says when the forecast is out of date', async () => {
    const fake = sources({ fetchedAt: new Date(now.getTime() - 9 * hourMs) });
    const { computed } = await deriveFrom(fake, delivery(), undefined);
    expect(computed).toMatchObject({
      State: 'M',
      StateReasonCode: 'staleForecast',
      StateReason: 'Forecast out of date (fetched 9 h ago)',
    });
  });

  it('leaves a past delivery’s state as it was when its hour is no longer cached', async () => {
    const existing = {
      ...delivery({ StartTime0: new Date('2026-03-01T10:00:00.000Z') }),
      State: 'G',
      AvailableTimeForCompaction: 21.3,
      StateReason: 'kept',
      StateReasonCode: 'green',
      StateComputedAt: new Date('2026-03-01T06:00:00.000Z'),
      WindSpeed: 12,
      LocationSource: 'given',
    };
    const fake = sources({ hours: [] });
    const { computed } = await deriveFrom(fake, { ...existing, OutputTemperature: 150 }, existing);
    expect(computed).toMatchObject({
      State: 'G',
      AvailableTimeForCompaction: 21.3,
      StateReason: 'kept',
      StateComputedAt: '2026-03-01T06:00:00.000Z',
      WindSpeed: 12,
    });
    // A new past delivery without a forecast has nothing to keep.
    const fresh = await deriveFrom(fake, existing, undefined);
    expect(fresh.computed).toMatchObject({ State: 'M', StateReasonCode: 'noForecast' });
  });
});
