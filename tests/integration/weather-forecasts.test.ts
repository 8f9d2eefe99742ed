import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weatherMessages, type Forecast } from '#metadata';
import { databasePlugin } from '../../server/plugins/database';
import { jobsPlugin } from '../../server/modules/jobs/index';
import { weatherRefreshJob } from '../../server/modules/weather/refresh-job';
import {
  onForecastChanged,
  type ForecastChange,
} from '../../server/modules/weather/forecast-events';
import { refreshSite } from '../../server/modules/weather/forecasts';
import { refreshDueForecasts } from '../../server/modules/weather/refresh-forecasts';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { replay, startReplayServer, type ReplayServer } from '../support/weather-replay-server';
import { setSetting } from './account-support';

const hourMs = 3_600_000;
const apiKey = 'om-secret-key-4242';
const silent = { info() {}, warn() {}, error() {} };

interface OpenMeteoBody {
  hourly: Record<string, unknown[]> & { time: string[]; temperature_2m: number[] };
}

/** The recorded Open-Meteo answer, moved to start at the current hour. */
function openMeteoAnswer(change: (hourly: OpenMeteoBody['hourly']) => void = () => undefined) {
  const body = structuredClone(replay('open-meteo-forecast')) as OpenMeteoBody;
  const start = Math.floor(Date.now() / hourMs) * hourMs;
  body.hourly.time = body.hourly.time.map((_, i) =>
    new Date(start + i * hourMs).toISOString().slice(0, 16),
  );
  change(body.hourly);
  return { body };
}

describe('weather forecasts: api/WeatherForecast/GetWeatherForecast and ByCoord', () => {
  let t: TestApp;
  let client: ApiClient;
  let provider: ReplayServer;
  let sites: { id: number; name: string; latitude: number; longitude: number }[];
  const site = (i: number) => sites[i]!;
  const get = (url: string, user: string | null = 'demo') => client.get(user, url);
  const forecastOf = (siteId: number | string, user: string | null = 'demo') =>
    get(`/api/WeatherForecast/GetWeatherForecast?siteId=${siteId}`, user);
  const rowsOf = (siteId: number) =>
    t.database.db
      .selectFrom('weatherForecasts')
      .selectAll()
      .where('siteId', '=', siteId)
      .orderBy('time')
      .execute();
  const fetchOf = (siteId: number) =>
    t.database.db
      .selectFrom('weatherForecastFetches')
      .selectAll()
      .where('siteId', '=', siteId)
      .executeTakeFirst();
  const useOpenMeteo = async () => {
    await setSetting(t, 'Weather.Provider', 'open-meteo');
    await setSetting(t, 'Weather.BaseUrl', provider.baseUrl);
    await setSetting(t, 'Weather.ApiKey', apiKey);
    await setSetting(t, 'Weather.TimeoutSeconds', 1);
    await setSetting(t, 'Weather.Retries', 0);
  };

  beforeAll(async () => {
    provider = await startReplayServer();
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    sites = await t.database.db
      .selectFrom('weatherSites')
      .select(['id', 'name', 'latitude', 'longitude'])
      .where('active', '=', true)
      .orderBy('id')
      .limit(10)
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('forecasts with the simulated provider by default, labelled simulated', async () => {
    const res = await forecastOf(site(0).id);
    expect(res.statusCode, res.body).toBe(200);
    const forecast = res.json<Forecast>();
    expect(forecast).toMatchObject({
      siteId: site(0).id,
      siteName: site(0).name,
      latitude: site(0).latitude,
      longitude: site(0).longitude,
      provider: 'simulated',
      simulated: true,
      stale: false,
    });
    const hourStart = Math.floor(Date.now() / hourMs) * hourMs;
    expect(Date.parse(forecast.hours[0]!.time)).toBe(hourStart);
    expect(forecast.hours.length).toBeGreaterThan(24);
    // Stored: those hours (and any past ones kept for looking back, as the demo seeds).
    const stored = (await rowsOf(site(0).id)).filter((row) => row.time.getTime() >= hourStart);
    expect(stored.length).toBe(forecast.hours.length);
  });

  it('fetches a site’s forecast once through the configured provider and caches it', async () => {
    await useOpenMeteo();
    provider.answer(openMeteoAnswer());
    const { id, name, latitude, longitude } = site(1);

    const first = await forecastOf(id);
    expect(first.statusCode, first.body).toBe(200);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]!.query.get('latitude')).toBe(String(latitude));
    expect(provider.requests[0]!.query.get('longitude')).toBe(String(longitude));
    expect(provider.requests[0]!.query.get('apikey')).toBe(apiKey);
    const forecast = first.json<Forecast>();
    expect(forecast).toMatchObject({
      siteId: id,
      siteName: name,
      provider: 'open-meteo',
      simulated: false,
      stale: false,
    });
    expect(forecast.hours.map((hour) => hour.airTemperature)).toEqual([8.4, 9.1, 9.3, 8.8]);
    expect(forecast.hours[0]).toMatchObject({
      windSpeedKmh: 16.9,
      windGustKmh: 33.8,
      windDirection: 332,
      weatherCode: 2,
      weatherText: 'Partly cloudy',
    });
    expect(first.body).not.toContain(apiKey);

    const rows = await rowsOf(id);
    expect(rows.map((row) => row.airTemperature)).toEqual([8.4, 9.1, 9.3, 8.8]);
    expect(rows[0]!.time.toISOString()).toBe(forecast.hours[0]!.time);
    const fetch = await fetchOf(id);
    expect(fetch).toMatchObject({ provider: 'open-meteo', lastError: null });
    expect(fetch?.fetchedAt?.toISOString()).toBe(forecast.fetchedAt);

    const second = await forecastOf(id);
    expect(second.statusCode).toBe(200);
    expect(second.json<Forecast>()).toEqual(forecast);
    expect(provider.requests).toHaveLength(1);
  });

  it('fetches once for concurrent first reads of a site', async () => {
    provider.answer(openMeteoAnswer());
    const answers = await Promise.all([1, 2, 3].map(() => forecastOf(site(2).id)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(provider.requests).toHaveLength(1);
  });

  it('reports a refresh that changed a value, and tells the listeners', async () => {
    const changes: ForecastChange[] = [];
    const unsubscribe = onForecastChanged(t.database.db, (change) => void changes.push(change));
    try {
      const id = site(1).id;
      const answer = openMeteoAnswer((hourly) => (hourly.temperature_2m[2] = 11.5));
      provider.answer(answer);
      const changed = await refreshSite(t.database.db, id);
      expect(changed).toMatchObject({ status: 'fetched', provider: 'open-meteo', changed: true });
      const time = `${answer.body.hourly.time[2]}:00.000Z`;
      expect(changes).toEqual([{ siteId: id, hours: [expect.objectContaining({ time })] }]);
      expect(changes[0]!.hours[0]!.airTemperature).toBe(11.5);
      expect((await rowsOf(id)).map((row) => row.airTemperature)).toEqual([8.4, 9.1, 11.5, 8.8]);

      const unchanged = await refreshSite(t.database.db, id);
      expect(unchanged).toMatchObject({ status: 'fetched', changed: false, changedHours: [] });
      expect(changes).toHaveLength(1);
      expect(provider.requests).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });

  it('keeps the last good forecast through an outage, stale only after Weather.StaleAfterHours', async () => {
    const id = site(1).id;
    const before = await forecastOf(id);
    provider.answer({ status: 500, body: { message: `upstream rejected key ${apiKey}` } });

    const failed = await refreshSite(t.database.db, id);
    expect(failed).toMatchObject({ status: 'failed' });
    const fetch = await fetchOf(id);
    expect(fetch?.lastError).toMatch(/open-meteo answered 500/);
    expect(fetch?.lastError).not.toContain(apiKey);
    expect(fetch?.lastAttemptAt?.getTime()).toBeGreaterThan(fetch!.fetchedAt!.getTime());

    const during = await forecastOf(id);
    expect(during.statusCode).toBe(200);
    expect(during.json<Forecast>()).toEqual(before.json<Forecast>());

    const longAgo = new Date(Date.now() - 7 * hourMs);
    await t.database.db
      .updateTable('weatherForecastFetches')
      .set({ fetchedAt: longAgo })
      .where('siteId', '=', id)
      .execute();
    const stale = await forecastOf(id);
    expect(stale.statusCode).toBe(200);
    expect(stale.json<Forecast>()).toMatchObject({ stale: true, fetchedAt: longAgo.toISOString() });
    expect(stale.json<Forecast>().hours).toEqual(before.json<Forecast>().hours);
    expect(stale.body).not.toContain(apiKey);
  });

  it('answers 404 with the screen’s message when the provider is down and nothing is cached', async () => {
    provider.answer({ drop: true });
    const res = await forecastOf(site(3).id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: weatherMessages.forecastNotFound });
    expect(await rowsOf(site(3).id)).toEqual([]);
    const fetch = await fetchOf(site(3).id);
    expect(fetch).toMatchObject({ fetchedAt: null, provider: null });
    expect(fetch?.lastError).toMatch(/could not be reached/);
    expect(fetch?.requestedAt).not.toBeNull();
  });

  it('answers 404 for an unknown or inactive site and 400 for a bad id', async () => {
    const unknown = await forecastOf(999_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ Message: 'The weather site does not exist.' });

    await t.database.db
      .updateTable('weatherSites')
      .set({ active: false })
      .where('id', '=', site(9).id)
      .execute();
    const inactive = await forecastOf(site(9).id);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toEqual({ Message: 'The weather site does not exist.' });

    for (const bad of ['abc', '0', '']) {
      const res = await forecastOf(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ Errors: { Field: string }[] }>().Errors.map((e) => e.Field)).toEqual([
        'siteId',
      ]);
    }
  });

  describe('GetOpenWeatherMapWeatherForecastByCoord', () => {
    const byCoord = (query: string, user: string | null = 'demo') =>
      get(`/api/WeatherForecast/GetOpenWeatherMapWeatherForecastByCoord?${query}`, user);

    it('forecasts a point through the configured provider, caching nothing', async () => {
      provider.answer(openMeteoAnswer());
      const res = await byCoord('latitude=51.5&longitude=-0.12');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Forecast>()).toMatchObject({
        siteId: null,
        latitude: 51.5,
        longitude: -0.12,
        provider: 'open-meteo',
        simulated: false,
        stale: false,
      });
      expect(res.json<Forecast>().hours).toHaveLength(4);
      expect(res.body).not.toContain(apiKey);
      expect(provider.requests[0]!.query.get('longitude')).toBe('-0.12');
    });

    it.each([
      ['latitude=91&longitude=0', 'latitude'],
      ['latitude=north&longitude=0', 'latitude'],
      ['latitude=51', 'longitude'],
      ['latitude=51&longitude=-181', 'longitude'],
    ])('refuses %s with a 400 naming %s', async (query, field) => {
      const res = await byCoord(query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ Errors: { Field: string }[] }>().Errors.map((e) => e.Field)).toEqual([
        field,
      ]);
    });

    it('answers 404 with the screen’s message when the provider fails', async () => {
      provider.answer({ status: 400, body: replay('open-meteo-400') });
      const res = await byCoord('latitude=51.5&longitude=-0.12');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ Message: weatherMessages.forecastNotFound });
    });
  });

  it('answers 401 to a signed-out caller', async () => {
    expect((await forecastOf(site(1).id, null)).statusCode).toBe(401);
    const coord = await get(
      '/api/WeatherForecast/GetOpenWeatherMapWeatherForecastByCoord?latitude=51&longitude=0',
      null,
    );
    expect(coord.statusCode).toBe(401);
  });

  describe('the refresh task', () => {
    const age = (siteId: number, values: { lastAttemptAt?: Date; requestedAt?: Date }) =>
      t.database.db
        .insertInto('weatherForecastFetches')
        .values({ siteId, ...values })
        .onConflict((oc) => oc.column('siteId').doUpdateSet(values))
        .execute();

    it('refreshes the due sites: cached ones not tried lately, and ones asked for recently', async () => {
      const twoHoursAgo = new Date(Date.now() - 2 * hourMs);
      await t.database.db.deleteFrom('weatherForecastFetches').execute();
      // Cached, last tried two hours ago: due. Cached and just fetched: not due.
      provider.answer(openMeteoAnswer());
      await refreshSite(t.database.db, site(1).id);
      await refreshSite(t.database.db, site(2).id);
      await age(site(1).id, { lastAttemptAt: twoHoursAgo });
      // Asked for an hour ago and never fetched: due. Asked for two days ago: given up.
      await age(site(4).id, { requestedAt: new Date(Date.now() - hourMs) });
      await age(site(5).id, { requestedAt: new Date(Date.now() - 48 * hourMs) });

      provider.answer(openMeteoAnswer((hourly) => (hourly.temperature_2m[0] = 1)));
      const refresh = () => refreshDueForecasts({ db: t.database.db, log: silent });
      const run = await refresh();
      expect(run).toEqual({ sites: 2, fetched: 2, changed: 2, failed: 0 });
      const asked = provider.requests.map((request) => Number(request.query.get('latitude')));
      expect(asked.sort()).toEqual([site(1).latitude, site(4).latitude].sort());
      expect((await fetchOf(site(4).id))?.fetchedAt).not.toBeNull();
      expect(await fetchOf(site(5).id)).toMatchObject({ fetchedAt: null });

      expect(await refresh()).toEqual({ sites: 0, fetched: 0, changed: 0, failed: 0 });
    });

    it('runs as the weather.refresh job, and a stopping server cuts a hanging fetch short', async () => {
      await setSetting(t, 'Weather.TimeoutSeconds', 20);
      await age(site(1).id, { lastAttemptAt: new Date(Date.now() - hourMs) });
      provider.answer({ hang: true });
      const app = Fastify();
      await app.register(databasePlugin, { database: t.database, closeOnShutdown: false });
      await app.register(jobsPlugin, {
        definitions: [weatherRefreshJob],
        working: true,
        timeZone: 'Europe/London',
      });
      await app.ready();
      let runId: string;
      try {
        runId = await app.jobQueue.runNow(weatherRefreshJob.name, { userId: null });
        await expect.poll(() => provider.requests.length, { timeout: 10_000 }).toBe(1);
      } finally {
        const closing = Date.now();
        await app.close();
        // The hanging fetch was aborted, not waited for.
        expect(Date.now() - closing).toBeLessThan(3_000);
      }
      const run = await t.database.db
        .selectFrom('jobRuns')
        .select(['state', 'trigger', 'message'])
        .where('id', '=', runId)
        .executeTakeFirstOrThrow();
      expect(run).toMatchObject({ state: 'interrupted', trigger: 'manual' });
      expect(provider.requests).toHaveLength(1);
    });
  });
});
