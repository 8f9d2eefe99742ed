import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compactionInputSchema, type CompactionResult } from '#metadata';
import { defaultCompactionSettings } from '../../server/domain/compaction';
import {
  compactionSettingDefaults,
  compactionSettings,
} from '../../server/modules/compaction/compaction-settings';
import { apiClient, type ApiClient } from '../support/api-client';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { setSetting } from './account-support';

const url = '/api/compaction/calculate';
const lift = { ThicknessMm: 40, LayingTemperature: 140, AirTemperature: 10, WindSpeedKmh: 15 };

interface ErrorAnswer {
  Message: string;
  Errors?: { Field: string; Message: string }[];
}

describe('POST api/compaction/calculate', () => {
  let t: TestApp;
  let client: ApiClient;
  const calculate = (body: unknown, user: string | null = 'demo') => client.post(user, url, body);
  const answer = async (body: object) => {
    const res = await calculate({ ...lift, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CompactionResult>();
  };
  const tac = async (body: object) => (await answer(body)).AvailableTimeForCompaction;
  const storedSetting = async (key: string) =>
    (
      await t.database.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
    ).value;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const [key, value] of Object.entries(compactionSettingDefaults)) {
      if (JSON.stringify(await storedSetting(key)) !== JSON.stringify(value)) {
        await setSetting(t, key, value);
      }
    }
  });

  it('answers the time, the temperatures used and a curve from laying to past the stop', async () => {
    const res = await calculate(lift);
    expect(res.statusCode).toBe(200);
    const result = res.json<CompactionResult>();
    expect(result).toEqual({
      AvailableTimeForCompaction: expect.any(Number),
      ReachedStop: true,
      StartRollingMinutes: expect.any(Number),
      StartRollingTemperature: 120,
      StopTemperature: 79.4,
      LayingTemperature: 140,
      Curve: expect.any(Array),
      ModelVersion: 'cooling-fv-1',
    });
    const { AvailableTimeForCompaction: minutes, Curve: curve } = result;
    expect(minutes).toBeGreaterThan(5);
    expect(minutes).toBeLessThan(40);
    expect(Number.isInteger(minutes * 10)).toBe(true);
    expect(result.StartRollingMinutes).toBeGreaterThan(0);
    expect(result.StartRollingMinutes).toBeLessThan(minutes);

    expect(curve[0]).toEqual({ Minute: 0, MeanTemperature: 140, SurfaceTemperature: 140 });
    curve.forEach((point, i) => {
      expect(Object.keys(point).sort()).toEqual([
        'MeanTemperature',
        'Minute',
        'SurfaceTemperature',
      ]);
      expect(point.Minute).toBe(i);
      expect(Number.isInteger(point.MeanTemperature * 10)).toBe(true);
      if (i > 0) expect(point.MeanTemperature).toBeLessThanOrEqual(curve[i - 1]!.MeanTemperature);
    });
    const below = curve.findIndex((point) => point.MeanTemperature <= 79.4);
    expect(below).toBeGreaterThan(0);
    expect(minutes).toBeGreaterThan(below - 1);
    expect(minutes).toBeLessThanOrEqual(below);
    expect(curve.at(-1)!.Minute).toBeGreaterThan(minutes);
    expect(curve.at(-1)!.MeanTemperature).toBeLessThan(79.4);
  });

  it('gives more time to thicker, calmer and warm-mix lifts', async () => {
    expect(await tac({ ThicknessMm: 50 })).toBeGreaterThan(await tac({ ThicknessMm: 30 }));
    expect(await tac({ WindSpeedKmh: 0 })).toBeGreaterThan(await tac({ WindSpeedKmh: 40 }));
    const warm = await answer({ WarmMixAdditive: true });
    expect(warm.StopTemperature).toBe(64.4);
    expect(warm.AvailableTimeForCompaction).toBeGreaterThan(await tac({}));
  });

  it('takes a field sent as null as not given', async () => {
    const defaults = await answer({});
    expect(
      await answer({ BaseTemperature: null, BaseFrozen: null, CloudCoverPercent: null }),
    ).toEqual(defaults);
    const frozen = { AirTemperature: -5, BaseType: 'aggregate' };
    expect(await answer({ ...frozen, BaseFrozen: null })).toEqual(await answer(frozen));
    expect(await answer({ ...frozen, BaseFrozen: false })).not.toEqual(await answer(frozen));
    const res = await calculate({ ...lift, WindSpeedKmh: null });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorAnswer>().Errors).toEqual([
      { Field: 'WindSpeedKmh', Message: 'is required' },
    ]);
  });

  it('starts rolling at once when laid below the start-rolling temperature', async () => {
    const result = await answer({ LayingTemperature: 115 });
    expect(result.StartRollingMinutes).toBe(0);
    expect(result.AvailableTimeForCompaction).toBeGreaterThan(0);
  });

  it('says when the lift never reaches the stop temperature within the run', async () => {
    const result = await answer({ AirTemperature: 45, StopTemperature: 40, ThicknessMm: 100 });
    expect(result.ReachedStop).toBe(false);
    expect(result.AvailableTimeForCompaction).toBe(defaultCompactionSettings.maxSimulatedMinutes);
    expect(result.Curve.at(-1)!.MeanTemperature).toBeGreaterThan(40);
  });

  it('follows the sun when given a place and time, and a given radiation replaces it', async () => {
    const place = { Latitude: 51.5, Longitude: -0.1 };
    const noon = { ...place, DateTime: '2025-06-21T13:00:00+01:00' };
    const midnight = { ...place, DateTime: '2025-06-21T00:00:00Z' };
    expect(await tac(noon)).toBeGreaterThan(await tac(midnight));
    expect(await tac({ ...noon, CloudCoverPercent: 100 })).toBeLessThan(await tac(noon));
    expect(await tac({ ...noon, ShortwaveRadiation: 0 })).toBe(await tac({}));
    expect(await tac({ ShortwaveRadiation: 800 })).toBeGreaterThan(await tac({}));
  });

  it('uses the stop temperature and warm-mix allowance of the settings; a given stop wins', async () => {
    const before = await tac({});
    await setSetting(t, 'Compaction.StopTemperature', 90);
    const stricter = await answer({});
    expect(stricter.StopTemperature).toBe(90);
    expect(stricter.AvailableTimeForCompaction).toBeLessThan(before);
    const given = await answer({ StopTemperature: 70 });
    expect(given.StopTemperature).toBe(70);
    expect(given.AvailableTimeForCompaction).toBeGreaterThan(before);

    await setSetting(t, 'Compaction.WarmMixAllowance', 25);
    expect((await answer({ WarmMixAdditive: true })).StopTemperature).toBe(65);
    expect((await answer({ WarmMixAdditive: true, StopTemperature: 80 })).StopTemperature).toBe(55);
  });

  it('seeds every physical and rule constant as a setting with the model’s default', async () => {
    const rows = await t.database.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'Compaction.%')
      .execute();
    const seeded = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(seeded).toEqual(compactionSettingDefaults);
    expect(seeded).toMatchObject({
      'Compaction.ConvectionScale': 3.152,
      'Compaction.Emissivity': 0.95,
      'Compaction.StopTemperature': 79.4,
      'Compaction.WarmMixAllowance': 15,
      'Compaction.GreenMultiple': 1.5,
      'Compaction.MinAirTemperatureThin': 3,
      'Compaction.MaxHaulMinutes': 120,
      'Compaction.SkyModel': 'pavecool',
      'Compaction.RainProbabilityPercent': null,
      'Compaction.RollingMinutesByThickness': defaultCompactionSettings.rollingMinutesByThickness,
      'Compaction.Materials': defaultCompactionSettings.materials,
    });
    expect(Object.keys(seeded)).toHaveLength(29);
    expect(seeded).not.toHaveProperty('Compaction.TimeStepSeconds');
    expect(seeded).not.toHaveProperty('Compaction.LiftCellMm');
  });

  it('falls back to the default for a stored value the model cannot use', async () => {
    const before = await answer({});
    await setSetting(t, 'Compaction.StopTemperature', 'hot');
    await setSetting(t, 'Compaction.Emissivity', -0.5);
    await setSetting(t, 'Compaction.RollingMinutesByThickness', [{ maxMm: 'x' }]);
    await setSetting(t, 'Compaction.Materials', { mix: { dense: { k: 0 } } });

    const warnings: object[] = [];
    const log = { warn: (details: object) => warnings.push(details) };
    const settings = await compactionSettings(t.database.db, log);
    expect(settings).toEqual(defaultCompactionSettings);
    expect(JSON.stringify(warnings)).toContain('Compaction.Emissivity=-0.5');
    expect(JSON.stringify(warnings)).toContain('Compaction.Materials=');
    // Each bad value is reported once, not on every calculation.
    const reported = warnings.length;
    expect(reported).toBe(4);
    await compactionSettings(t.database.db, log);
    expect(warnings).toHaveLength(reported);
    expect(await answer({})).toEqual(before);
  });

  it.each([
    ['ThicknessMm', { ThicknessMm: 5 }],
    ['ThicknessMm', { ThicknessMm: 301 }],
    ['ThicknessMm', { ThicknessMm: 'thick' }],
    ['LayingTemperature', { LayingTemperature: 400 }],
    ['AirTemperature', { AirTemperature: -60 }],
    ['WindSpeedKmh', { WindSpeedKmh: -1 }],
    ['CloudCoverPercent', { CloudCoverPercent: 101 }],
    ['MixType', { MixType: 'porous' }],
    ['BaseType', { BaseType: 'ice' }],
    ['StopTemperature', { StopTemperature: 1e308 }],
    ['Colour', { Colour: 'black' }],
    ['DateTime', { DateTime: 'yesterday', Latitude: 51, Longitude: 0 }],
    ['DateTime', { DateTime: '2025-06-21T12:00:00', Latitude: 51, Longitude: 0 }],
    ['DateTime', { DateTime: '2016-12-31T23:59:60Z', Latitude: 51, Longitude: 0 }],
    ['DateTime', { DateTime: '2025-06-21T12:00:00+01', Latitude: 51, Longitude: 0 }],
    ['Latitude', { DateTime: '2025-06-21T12:00:00Z', Longitude: 0 }],
    ['Longitude', { DateTime: '2025-06-21T12:00:00Z', Latitude: 51 }],
    ['Latitude', { DateTime: '2025-06-21T12:00:00Z' }],
    ['Longitude', { DateTime: '2025-06-21T12:00:00Z' }],
  ])('refuses a bad %s with 400 naming it (%j)', async (field, bad) => {
    const res = await calculate({ ...lift, ...bad });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorAnswer>();
    expect(body.Errors).toContainEqual({ Field: field, Message: expect.any(String) });
    expect(body.Message).toContain(field);
  });

  it('names every missing required field', async () => {
    const res = await calculate({});
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json<ErrorAnswer>()
        .Errors?.map((e) => e.Field)
        .sort(),
    ).toEqual([...compactionInputSchema.required].sort());
  });

  it('refuses a body that is not a JSON object', async () => {
    const cookie = await signIn(t.app, 'demo');
    for (const [payload, contentType] of [
      ['{"ThicknessMm": 40,', 'application/json'],
      ['', 'application/json'],
      ['', undefined],
      ['[]', 'application/json'],
      ['null', 'application/json'],
      ['40', 'application/json'],
      ['ThicknessMm=40', 'text/plain'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        // As the application's own page sends it: from another site, a form-like body is a 403.
        headers: {
          cookie,
          'sec-fetch-site': 'same-origin',
          ...(contentType ? { 'content-type': contentType } : {}),
        },
      });
      expect(res.statusCode, `${payload} as ${contentType}`).toBe(400);
      expect(res.json<ErrorAnswer>().Message).toEqual(expect.any(String));
    }
  });

  it('never fails with a server error, whatever the body', async () => {
    const keys = Object.keys(compactionInputSchema.properties);
    const value = fc.oneof(
      fc.double({ min: -500, max: 2000 }),
      fc.constantFrom('dense', 'sma', 'soil', '2025-06-21T12:00:00Z', true, false),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...keys, 'Other'), value, { maxKeys: 8 }),
        fc.boolean(),
        async (fields, withLift) => {
          const res = await calculate(withLift ? { ...lift, ...fields } : fields);
          expect([200, 400]).toContain(res.statusCode);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers finite figures for any input within the accepted ranges', async () => {
    const range = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
    const place = fc.record({
      Latitude: range(-90, 90),
      Longitude: range(-180, 180),
      DateTime: fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString()),
    });
    const input = fc.record({
      ThicknessMm: range(10, 300),
      LayingTemperature: range(40, 250),
      AirTemperature: range(-40, 50),
      WindSpeedKmh: range(0, 200),
      BaseTemperature: optional(range(-40, 80)),
      CloudCoverPercent: optional(range(0, 100)),
      ShortwaveRadiation: optional(range(0, 1400)),
      StopTemperature: optional(range(20, 200)),
      WarmMixAdditive: optional(fc.boolean()),
      MixType: optional(fc.constantFrom('dense', 'sma')),
      BaseType: optional(fc.constantFrom('asphalt', 'concrete', 'aggregate', 'soil')),
      BaseWet: optional(fc.boolean()),
      BaseFrozen: optional(fc.boolean()),
    });
    await fc.assert(
      fc.asyncProperty(input, optional(place), async (body, where) => {
        const res = await calculate({ ...body, ...where });
        expect(res.statusCode, res.body).toBe(200);
        const result = res.json<CompactionResult>();
        const figures = [
          result.AvailableTimeForCompaction,
          result.StartRollingMinutes,
          result.StopTemperature,
          ...result.Curve.flatMap((p) => [p.MeanTemperature, p.SurfaceTemperature]),
        ];
        expect(figures.every(Number.isFinite)).toBe(true);
        expect(result.AvailableTimeForCompaction).toBeGreaterThanOrEqual(0);
        expect(result.Curve[0]?.MeanTemperature).toBe(result.LayingTemperature);
      }),
      { numRuns: 60 },
    );
  });

  it('is for signed-in users only, of any role', async () => {
    const anonymous = await calculate(lift, null);
    expect(anonymous.statusCode).toBe(401);
    expect((await calculate(lift, 'demo')).statusCode).toBe(200);
    expect((await calculate(lift, 'employee1')).statusCode).toBe(200);
    expect((await calculate(lift, 'admin')).statusCode).toBe(200);
  });
});
