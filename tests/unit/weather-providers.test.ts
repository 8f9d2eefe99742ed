import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastHour } from '#metadata';
import {
  fetchJson,
  MetOfficeProvider,
  OpenMeteoProvider,
  OpenWeatherMapProvider,
  ProviderError,
} from '../../server/modules/weather/providers/index';
import { replay, startReplayServer, type ReplayServer } from '../support/weather-replay-server';

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());

const london = { latitude: 51.5074, longitude: -0.1278 };
const fast = { retries: 2, retryDelayMs: 5, timeoutMs: 2_000 };

/** A fixture rewritten field by field, as `JSON.stringify`'s replacer does it. */
function reshaped(name: string, replacer: (key: string, value: unknown) => unknown): unknown {
  return JSON.parse(JSON.stringify(replay(name), replacer));
}
const numbersAsStrings = (_key: string, value: unknown) =>
  typeof value === 'number' ? String(value) : value;
const without =
  (...keys: string[]) =>
  (key: string, value: unknown) =>
    keys.includes(key) ? undefined : value;

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

function expectNoNaN(hours: ForecastHour[]): void {
  for (const hour of hours) {
    for (const value of Object.values(hour)) expect(Number.isNaN(value)).toBe(false);
  }
}

describe('Open-Meteo', () => {
  const provider = () => new OpenMeteoProvider({ ...fast, baseUrl: server.baseUrl, apiKey: 'k1' });

  it('asks for hourly UTC values in km/h and normalises them', async () => {
    server.answer({ body: replay('open-meteo-forecast') });
    const hours = await provider().forecast(london);
    const { path, query } = server.requests[0]!;
    expect(path).toBe('/v1/forecast');
    expect(query.get('hourly')?.split(',')).toContain('shortwave_radiation');
    expect(Object.fromEntries(query)).toMatchObject({
      latitude: '51.5074',
      wind_speed_unit: 'kmh',
      timezone: 'UTC',
      forecast_days: '7',
      apikey: 'k1',
    });
    expect(hours).toHaveLength(4);
    expect(hours[2]).toEqual({
      time: '2025-03-12T14:00:00.000Z',
      airTemperature: 9.3,
      windSpeedKmh: 18.7,
      windGustKmh: 37.1,
      windDirection: 341,
      cloudCoverPercent: 88,
      shortwaveRadiation: 285,
      precipitationProbability: 23,
      precipitationMm: 0.3,
      weatherCode: 61,
      weatherText: 'Slight rain',
    });
  });

  it('converts the units the answer declares: 20 mph is 32.18688 km/h', async () => {
    const body = reshaped('open-meteo-forecast', (key, value) => {
      if (key !== 'wind_speed_10m') return value;
      return Array.isArray(value) ? [20, 10, 0, 1] : 'mph';
    });
    server.answer({ body });
    const [first, second] = await provider().forecast(london);
    expect(first?.windSpeedKmh).toBe(32.18688);
    expect(second?.windSpeedKmh).toBe(16.09344);
    expect(first?.windGustKmh).toBe(33.8);
  });

  it('reads string numbers, single values and missing columns (null, never NaN)', async () => {
    const body = reshaped('open-meteo-forecast', (key, value) => {
      if (key === 'cloud_cover' || key === 'shortwave_radiation') return undefined;
      return numbersAsStrings(key, value);
    });
    server.answer({ body });
    const hours = await provider().forecast(london);
    expect(hours[0]).toMatchObject({ airTemperature: 8.4, cloudCoverPercent: null });
    expect(hours[0]?.shortwaveRadiation).toBeNull();
    expectNoNaN(hours);
  });

  it('reports a 400 with its reason and does not retry it', async () => {
    server.answer({ status: 400, body: replay('open-meteo-400') });
    const error = await failure(provider().forecast({ latitude: 151.5, longitude: 0 }));
    expect(error).toMatchObject({ kind: 'http', status: 400, provider: 'open-meteo' });
    expect(error.message).toContain('Latitude must be in range');
    expect(error.message).not.toContain('k1');
    expect(server.requests).toHaveLength(1);
  });
});

describe('Met Office DataHub', () => {
  const provider = () =>
    new MetOfficeProvider({ ...fast, baseUrl: server.baseUrl, apiKey: 'mo-key' });

  it('sends the key as a header and converts m/s to km/h', async () => {
    server.answer({ body: replay('met-office-hourly') });
    const hours = await provider().forecast(london);
    const { path, query, headers } = server.requests[0]!;
    expect(path).toBe('/point/hourly');
    expect(headers.apikey).toBe('mo-key');
    expect(query.get('includeLocationName')).toBe('true');
    expect(hours.map((hour) => hour.windSpeedKmh)).toEqual([36, 16.38, 15.156]);
    expect(hours[0]).toEqual({
      time: '2025-03-12T12:00:00.000Z',
      airTemperature: 8.21,
      windSpeedKmh: 36,
      windGustKmh: 42.588,
      windDirection: 335,
      cloudCoverPercent: null,
      shortwaveRadiation: null,
      precipitationProbability: 6,
      precipitationMm: 0,
      weatherCode: 3,
      weatherText: 'Overcast',
    });
    expect(hours[1]).toMatchObject({ weatherCode: 61, weatherText: 'Slight rain' });
  });

  it('takes features as an object, numbers as strings, and missing fields as null', async () => {
    const body = reshaped('met-office-hourly', (key, value) => {
      if (key === 'features' && Array.isArray(value)) return value[0];
      if (key === 'windGustSpeed10m' || key === 'significantWeatherCode') return undefined;
      return numbersAsStrings(key, value);
    });
    server.answer({ body });
    const hours = await provider().forecast(london);
    expect(hours[0]).toMatchObject({ windSpeedKmh: 36, airTemperature: 8.21, windGustKmh: null });
    expect(hours[0]).toMatchObject({ weatherCode: null, weatherText: 'Unknown' });
    expectNoNaN(hours);
  });

  it('drops hours without temperature and fails when none is left', async () => {
    server.answer({ body: reshaped('met-office-hourly', without('screenTemperature')) });
    const error = await failure(provider().forecast(london));
    expect(error).toMatchObject({ kind: 'bad-response', provider: 'met-office' });
  });

  it('reports a 403 with its explanation', async () => {
    server.answer({ status: 403, body: replay('met-office-403') });
    const error = await failure(provider().forecast(london));
    expect(error).toMatchObject({ kind: 'http', status: 403 });
    expect(error.message).toContain('not subscribed');
    expect(server.requests).toHaveLength(1);
  });
});

describe('OpenWeatherMap', () => {
  const provider = () =>
    new OpenWeatherMapProvider({ ...fast, baseUrl: server.baseUrl, apiKey: 'ow' });

  it('asks in metric units and converts wind, probability and conditions', async () => {
    server.answer({ body: replay('openweathermap-forecast') });
    const hours = await provider().forecast(london);
    expect(server.requests[0]?.path).toBe('/data/2.5/forecast');
    expect(Object.fromEntries(server.requests[0]!.query)).toMatchObject({
      appid: 'ow',
      units: 'metric',
    });
    expect(hours[0]).toMatchObject({
      time: '2025-03-12T12:00:00.000Z',
      windSpeedKmh: 36,
      windGustKmh: 45,
    });
    expect(hours[0]).toMatchObject({
      weatherCode: 3,
      weatherText: 'Broken clouds',
      precipitationMm: 0,
    });
    expect(hours[1]).toMatchObject({
      airTemperature: 8.05,
      windSpeedKmh: 16.38,
      cloudCoverPercent: 100,
      precipitationProbability: 32,
      precipitationMm: 0.26,
      weatherCode: 61,
      weatherText: 'Light rain',
    });
  });

  it('takes weather as an object, numbers as strings, and missing fields as null', async () => {
    const body = reshaped('openweathermap-forecast', (key, value) => {
      if (key === 'weather' && Array.isArray(value)) return value[0];
      if (['gust', 'deg', 'clouds', 'pop', 'description'].includes(key)) return undefined;
      return numbersAsStrings(key, value);
    });
    server.answer({ body });
    const hours = await provider().forecast(london);
    expect(hours[1]).toMatchObject({
      airTemperature: 8.05,
      windSpeedKmh: 16.38,
      windGustKmh: null,
    });
    expect(hours[1]).toMatchObject({ windDirection: null, cloudCoverPercent: null });
    expect(hours[1]).toMatchObject({ precipitationProbability: null, weatherText: 'Slight rain' });
    expectNoNaN(hours);
  });

  it.each([401, 200])('reports an invalid key answered with status %i', async (status) => {
    server.answer({ status, body: replay('openweathermap-401') });
    const error = await failure(provider().forecast(london));
    expect(error).toMatchObject({ kind: 'http', status: 401, provider: 'openweathermap' });
    expect(error.message).toContain('Invalid API key');
    expect(error.message).not.toContain('appid');
  });
});

describe('fetching', () => {
  const get = (options = {}) =>
    fetchJson(`${server.baseUrl}/any`, { provider: 'open-meteo', ...fast, ...options });

  it('says so when the body is not JSON', async () => {
    server.answer({ body: '<html><body>Service maintenance</body></html>' });
    const error = await failure(get());
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain('not JSON (text/html)');
  });

  it('times out within the configured time and does not retry a timeout', async () => {
    server.answer({ hang: true });
    const started = performance.now();
    const error = await failure(get({ timeoutMs: 150 }));
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });

  it.each([503, 429])('retries a %i and succeeds', async (status) => {
    server.answer({ status, body: { message: 'busy' } }, { body: { ok: true } });
    await expect(get()).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the configured retries', async () => {
    server.answer({ status: 502, body: 'Bad gateway' });
    const error = await failure(get({ retries: 3 }));
    expect(error).toMatchObject({ kind: 'http', status: 502 });
    expect(server.requests).toHaveLength(4);
  });

  it('retries a dropped connection, then reports a network error', async () => {
    server.answer({ drop: true });
    const error = await failure(get({ retries: 1 }));
    expect(error.kind).toBe('network');
    expect(server.requests).toHaveLength(2);
  });

  it('never retries a 400', async () => {
    server.answer({ status: 400, body: { reason: 'bad' } }, { body: {} });
    const error = await failure(get({ retries: 5 }));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(server.requests).toHaveLength(1);
  });
});
