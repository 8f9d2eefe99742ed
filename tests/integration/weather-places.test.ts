import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { weatherMessages, type Geolocation, type WeatherSite } from '#metadata';
import { ukWeatherSites } from '../../metadata/data/uk-weather-sites';
import { referenceDataStampKey, seedReferenceData } from '../../server/seed/reference';
import { forgetSites } from '../../server/modules/places/nearest-sites';
import { resolvePostcode } from '../../server/modules/places/postcodes';
import { apiClient, type ApiClient } from '../support/api-client';
import { startPostcodesIoReplay, type ReplayServer } from '../support/postcodes-io-replay';
import { createTestApp, type TestApp } from '../support/test-app';
import { setSetting } from './account-support';

const radiusKm = 6371.01;
const rad = Math.PI / 180;

/** An independent check on the server's haversine: the spherical law of cosines. */
function cosineLawKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const cosine =
    Math.sin(lat1 * rad) * Math.sin(lat2 * rad) +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return radiusKm * Math.acos(Math.min(1, Math.max(-1, cosine)));
}

interface SiteRow {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

const points = {
  'central London': [51.5074, -0.1278],
  Edinburgh: [55.9533, -3.1883],
  'the sea off Cornwall': [49.9, -6.0],
} as const;

const truePoints: Record<string, [number, number]> = {
  'SW1A 1AA': [51.501, -0.1416],
  'M1 1AE': [53.4794, -2.2453],
  EH1: [55.9521, -3.19],
};

interface ErrorAnswer {
  Message: string;
  Errors?: { Field: string; Message: string }[];
}

describe('weather places: api/WeatherForecast/GetNearest, GetNNearest, GetGeolocationByPostcode', () => {
  let t: TestApp;
  let client: ApiClient;
  let sites: SiteRow[];
  const get = (url: string, user: string | null = 'demo') => client.get(user, url);
  const nNearest = async (latitude: number, longitude: number, n?: number) => {
    const query = `latitude=${latitude}&longitude=${longitude}${n === undefined ? '' : `&n=${n}`}`;
    const res = await get(`/api/WeatherForecast/GetNNearest?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<WeatherSite[]>();
  };
  const byPostcode = (postcode: string) =>
    get(`/api/WeatherForecast/GetGeolocationByPostcode?postcode=${encodeURIComponent(postcode)}`);
  const located = async (postcode: string) => {
    const res = await byPostcode(postcode);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Geolocation>();
  };
  const expectedNearest = (latitude: number, longitude: number, n: number) =>
    sites
      .map((site) => ({
        ...site,
        distance: cosineLawKm(latitude, longitude, site.latitude, site.longitude),
      }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, n);

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    sites = await t.database.db
      .selectFrom('weatherSites')
      .select(['id', 'name', 'latitude', 'longitude'])
      .where('active', '=', true)
      .execute();
  });
  afterAll(() => t.close());

  it('seeds every forecast site, active', async () => {
    expect(sites).toHaveLength(ukWeatherSites.length);
    const [id, name, latitude, longitude] = ukWeatherSites[0]!;
    expect(sites).toContainEqual({ id, name, latitude, longitude });
  });

  it('seeds again without undoing an administrator’s rename, deactivation or deletion', async () => {
    const db = t.database.db;
    const [renamed, deactivated, deleted] = ukWeatherSites.map(([id]) => id);
    const saved = await db.selectFrom('weatherSites').selectAll().orderBy('id').execute();
    await db
      .updateTable('weatherSites')
      .set({ name: 'Renamed' })
      .where('id', '=', renamed!)
      .execute();
    await db
      .updateTable('weatherSites')
      .set({ active: false })
      .where('id', '=', deactivated!)
      .execute();
    await db.deleteFrom('weatherSites').where('id', '=', deleted!).execute();
    // As a new release starts: the database was seeded by another (see releaseStamp).
    await db
      .updateTable('settings')
      .set({ value: JSON.stringify('an older release') })
      .where('key', '=', referenceDataStampKey)
      .execute();
    try {
      await seedReferenceData(db);
      const after = await db.selectFrom('weatherSites').selectAll().orderBy('id').execute();
      expect(after).toHaveLength(ukWeatherSites.length - 1);
      expect(after.find((s) => s.id === renamed)?.name).toBe('Renamed');
      expect(after.find((s) => s.id === deactivated)?.active).toBe(false);
      expect(after.map((s) => s.id)).not.toContain(deleted);
    } finally {
      await db.deleteFrom('weatherSites').execute();
      await db.insertInto('weatherSites').values(saved).execute();
      forgetSites(db);
    }
  });

  describe('nearest sites', () => {
    it.each(Object.entries(points))(
      'lists the 6 nearest to %s, nearest first, with great-circle distances (R = 6371.01 km)',
      async (_place, [latitude, longitude]) => {
        const answer = await nNearest(latitude, longitude);
        const expected = expectedNearest(latitude, longitude, 6);
        expect(answer.map((s) => s.id)).toEqual(expected.map((s) => s.id));
        for (const [index, site] of answer.entries()) {
          const want = expected[index]!;
          expect(site).toEqual({
            id: want.id,
            name: want.name,
            latitude: want.latitude,
            longitude: want.longitude,
            distance: expect.closeTo(want.distance, 6),
          });
        }
        const distances = answer.map((s) => s.distance ?? Number.NaN);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      },
    );

    it('finds a site within a few km of central London and in Edinburgh itself', async () => {
      const london = await nNearest(...points['central London']);
      expect(london[0]!.distance).toBeLessThan(3);
      const edinburgh = await nNearest(...points.Edinburgh);
      expect(edinburgh[0]!.name).toBe('Edinburgh');
      expect(edinburgh[0]!.distance).toBeLessThan(2);
    });

    it('measures on a radius of 6371.01 km: 0.1 degree of latitude is 11.119508 km', async () => {
      const [site] = await nNearest(...points.Edinburgh, 1);
      const around = await nNearest(site!.latitude - 0.1, site!.longitude, 50);
      const same = around.find((s) => s.id === site!.id);
      expect(same?.distance).toBeCloseTo(0.1 * rad * radiusKm, 6);
    });

    it('answers GetNearest with the nearest site as one object', async () => {
      const [latitude, longitude] = points['the sea off Cornwall'];
      const res = await get(
        `/api/WeatherForecast/GetNearest?latitude=${latitude}&longitude=${longitude}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const nearest = expectedNearest(latitude, longitude, 1)[0]!;
      expect(res.json()).toEqual({
        id: nearest.id,
        name: nearest.name,
        latitude: nearest.latitude,
        longitude: nearest.longitude,
        distance: expect.closeTo(nearest.distance, 6),
      });
    });

    it('lists 6 by default, and from 1 to 50 when asked', async () => {
      expect(await nNearest(52, -1.5)).toHaveLength(6);
      expect(await nNearest(52, -1.5, 1)).toHaveLength(1);
      const fifty = await nNearest(52, -1.5, 50);
      expect(fifty.map((s) => s.id)).toEqual(expectedNearest(52, -1.5, 50).map((s) => s.id));
    });

    it.each([
      ['latitude=51&longitude=0&n=0', 'n'],
      ['latitude=51&longitude=0&n=51', 'n'],
      ['latitude=51&longitude=0&n=2.5', 'n'],
      ['latitude=51&longitude=0&n=six', 'n'],
      ['longitude=0', 'latitude'],
      ['latitude=91&longitude=0', 'latitude'],
      ['latitude=-90.5&longitude=0', 'latitude'],
      ['latitude=north&longitude=0', 'latitude'],
      ['latitude=51', 'longitude'],
      ['latitude=51&longitude=180.1', 'longitude'],
      ['latitude=51&longitude=-181', 'longitude'],
    ])('refuses %s with a 400 naming %s', async (query, field) => {
      for (const call of ['GetNNearest', 'GetNearest']) {
        if (call === 'GetNearest' && field === 'n') continue;
        const res = await get(`/api/WeatherForecast/${call}?${query}`);
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json<ErrorAnswer>();
        expect(body.Errors?.map((e) => e.Field)).toEqual([field]);
        expect(body.Message).toContain(field);
      }
    });

    it('stops offering a site once it is deactivated, and offers it again when reactivated', async () => {
      const db = t.database.db;
      const [first, second] = await nNearest(...points.Edinburgh, 2);
      await db
        .updateTable('weatherSites')
        .set({ active: false })
        .where('id', '=', first!.id)
        .execute();
      forgetSites(db);
      try {
        expect((await nNearest(...points.Edinburgh, 1))[0]!.id).toBe(second!.id);
      } finally {
        await db
          .updateTable('weatherSites')
          .set({ active: true })
          .where('id', '=', first!.id)
          .execute();
        forgetSites(db);
      }
      expect((await nNearest(...points.Edinburgh, 1))[0]!.id).toBe(first!.id);
    });
  });

  describe('postcodes, offline', () => {
    it.each([
      ['SW1A 1AA', 'SW1A 1AA'],
      ['sw1a1aa', 'SW1A 1AA'],
      ['  Sw1A   1aA ', 'SW1A 1AA'],
      ['M1 1AE', 'M1 1AE'],
      ['EH1', 'EH1'],
      ['eh1', 'EH1'],
    ])('places %j in its postcode area, within 35 km of the true point', async (input, normal) => {
      const location = await located(input);
      expect(location).toEqual({
        postcode: normal,
        latitude: expect.any(Number),
        longitude: expect.any(Number),
        precision: 'area',
        source: 'offline',
      });
      const [latitude, longitude] = truePoints[normal]!;
      expect(cosineLawKm(latitude, longitude, location.latitude, location.longitude)).toBeLessThan(
        35,
      );
    });

    it.each(['XYZ', 'ZZ1 1ZZ', 'SW1A 1A', '12345', 'EH1 1AA1', 'M1-1AE'])(
      'answers %j with 404 Invalid postcode',
      async (input) => {
        const res = await byPostcode(input);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({
          Message: weatherMessages.invalidPostcode,
          Errors: [{ Field: 'postcode', Message: weatherMessages.invalidPostcode }],
        });
      },
    );

    it.each([
      ['empty', '?postcode='],
      ['blank', '?postcode=%20%20'],
      ['missing', ''],
      ['too long', `?postcode=${'A'.repeat(21)}`],
      ['given twice', '?postcode=EH1&postcode=M1'],
    ])('answers a %s postcode with 400 Invalid postcode', async (_case, query) => {
      const res = await get(`/api/WeatherForecast/GetGeolocationByPostcode${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        Message: weatherMessages.invalidPostcode,
        Errors: [{ Field: 'postcode', Message: weatherMessages.invalidPostcode }],
      });
    });
  });

  describe('postcodes, online (a local server replaying postcodes.io)', () => {
    let replay: ReplayServer;
    beforeAll(async () => {
      replay = await startPostcodesIoReplay();
    });
    beforeEach(async () => {
      replay.hits.length = 0;
      await setSetting(t, 'Weather.PostcodeLookupUrl', `${replay.url}/`);
    });
    afterAll(async () => {
      await setSetting(t, 'Weather.PostcodeLookupUrl', '');
      await replay.close();
    });

    it('answers a known postcode with its exact point', async () => {
      expect(await located('sw1a1aa')).toEqual({
        postcode: 'SW1A 1AA',
        latitude: 51.501009,
        longitude: -0.141588,
        precision: 'postcode',
        source: 'postcodes.io',
      });
      expect(replay.hits).toEqual(['/postcodes/SW1A%201AA']);
    });

    it('answers an outcode with its district', async () => {
      expect(await located('EH1')).toEqual({
        postcode: 'EH1',
        latitude: 55.9521,
        longitude: -3.19,
        precision: 'outcode',
        source: 'postcodes.io',
      });
      expect(replay.hits).toEqual(['/outcodes/EH1']);
    });

    it('answers a postcode postcodes.io does not know with 404 Invalid postcode', async () => {
      const res = await byPostcode('ZZ1 1ZZ');
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorAnswer>().Message).toBe(weatherMessages.invalidPostcode);
      expect(replay.hits).toEqual(['/postcodes/ZZ1%201ZZ']);
    });

    it('does not ask about text that is not a postcode', async () => {
      expect((await byPostcode('XYZ')).statusCode).toBe(404);
      expect(replay.hits).toEqual([]);
    });

    it('asks once more after a 5xx, and uses the second answer', async () => {
      replay.queue('/postcodes/M1%201AE', { status: 502 });
      const location = await located('M1 1AE');
      expect(location).toMatchObject({ precision: 'postcode', source: 'postcodes.io' });
      expect([location.latitude, location.longitude]).toEqual(truePoints['M1 1AE']);
      expect(replay.hits).toEqual(['/postcodes/M1%201AE', '/postcodes/M1%201AE']);
    });

    it('falls back to the offline table when postcodes.io keeps failing', async () => {
      replay.queue('/postcodes/M1%201AE', { status: 503 }, { status: 500 });
      expect(await located('M1 1AE')).toMatchObject({ precision: 'area', source: 'offline' });
      expect(replay.hits).toHaveLength(2);
    });

    it('falls back to the offline table when postcodes.io cannot be reached', async () => {
      const down = await startPostcodesIoReplay();
      await down.close();
      await setSetting(t, 'Weather.PostcodeLookupUrl', down.url);
      expect(await located('SW1A 1AA')).toMatchObject({
        postcode: 'SW1A 1AA',
        precision: 'area',
        source: 'offline',
      });
      expect((await byPostcode('ZZ1 1ZZ')).statusCode).toBe(404);
    });

    it('gives up on a slow answer after the timeout, without asking again', async () => {
      replay.queue('/outcodes/EH1', { status: 200, hang: true });
      const started = performance.now();
      const location = await resolvePostcode(t.database.db, 'EH1', {
        lookupUrl: replay.url,
        timeoutMs: 200,
      });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(location).toMatchObject({ postcode: 'EH1', precision: 'area', source: 'offline' });
      expect(replay.hits).toEqual(['/outcodes/EH1']);
    });
  });

  it('answers 401 to anyone signed out', async () => {
    for (const url of [
      '/api/WeatherForecast/GetNearest?latitude=51&longitude=0',
      '/api/WeatherForecast/GetNNearest?latitude=51&longitude=0',
      '/api/WeatherForecast/GetGeolocationByPostcode?postcode=EH1',
    ]) {
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});
