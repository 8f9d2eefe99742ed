import { Ajv } from 'ajv';
import {
  type SuggestedChanges as Suggestions,
  type Suggestion,
  suggestionsAnswerSchema,
} from '#metadata';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordForecastFetch,
  upsertForecastHours,
} from '../../server/modules/weather/repositories/weather-forecasts';
import { apiClient } from '../support/api-client';
import {
  clearDeliveries,
  createDelivery,
  createHotAndCoolMixes,
  forecastHourAt,
  createUnit,
  giveOnlyRole,
  linkUserUnit,
  storedDelivery,
} from '../support/deliveries';
import { createTestApp, type TestApp } from '../support/test-app';

const hourMs = 3_600_000;
const suggest = '/api/Deliveries/SuggestChanges';
const whatIf = '/api/Deliveries/SetNewState';
const workable = ['G', 'A', 'Y'];
const hotCode = 'QA-SUGG-HOT';
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
/** The answer as its response schema declares it (the serializer alone would not say). */
const answersContract = ajv.compile(suggestionsAnswerSchema);

type Delivery = Record<string, unknown> & { Id: number };

const pad = (n: number) => String(n).padStart(2, '0');
const ukClock = (time: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(time);
const ukDayOf = (time: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(time);

/** The instant `hour`:00 UK time on `day` (the UK is UTC or UTC+1). */
const ukHour = (day: string, hour: number) => {
  const utc = Date.parse(`${day}T${pad(hour)}:00:00Z`);
  return [utc, utc - hourMs].find((time) => ukClock(time) === `${pad(hour)}:00`)!;
};

/**
 * The site's day, UK time: cold and windy (4 °C, 30 km/h) but for a near-freezing calm 08:00,
 * rain at 12:00 and 17:00, and mild calm weather at 14:00 and at 19:00 (after the working day).
 */
function weatherAt(hour: number) {
  if (hour === 8) return { airTemperature: 2, windSpeedKmh: 5 };
  if (hour === 12 || hour === 17) {
    return {
      airTemperature: 4,
      windSpeedKmh: 30,
      precipitationMm: 3,
      precipitationProbability: 90,
    };
  }
  if (hour === 14 || hour === 19) return { airTemperature: 20, windSpeedKmh: 5 };
  return { airTemperature: 4, windSpeedKmh: 30 };
}

describe('POST api/Deliveries/SuggestChanges', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let day = '';
  let forecastHours: string[] = [];
  const ids: Record<string, number> = {};
  let make: (
    name: string,
    hour: number,
    extra: Record<string, unknown>,
    hot?: boolean,
  ) => Promise<number>;

  const read = async (id: number) => {
    const res = await client.get('employee1', `/api/Deliveries/GetDeliveryById/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json<Delivery>();
  };
  const ask = async (id: number, user = 'employee1') => {
    const res = await client.post(user, suggest, await read(id));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const answer = res.json<Suggestions>();
    expect(answersContract(answer), JSON.stringify(answersContract.errors)).toBe(true);
    return answer;
  };
  const stateOf = async (delivery: Delivery, inputs: Partial<Suggestion>) => {
    const { OutputTemperature, Thickness, EvoThermAllowed } = { ...delivery, ...inputs };
    const res = await client.post('employee1', whatIf, {
      ...delivery,
      OutputTemperature,
      Thickness,
      EvoThermAllowed,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<Delivery>();
  };
  const modelled = (answer: Partial<Suggestion> | Delivery) => ({
    State: answer.State,
    AvailableTimeForCompaction: answer.AvailableTimeForCompaction,
    StateNeededMinutes: answer.StateNeededMinutes,
    StateReason: answer.StateReason,
    StateReasonCode: answer.StateReasonCode,
    StateReasonParams: answer.StateReasonParams,
  });
  const kinds = (answer: Suggestions) => answer.Suggestions.map((s) => s.Kind).sort();

  /**
   * Each suggestion is what the model gives: the inputs posted to SetNewState (or, for another
   * hour, a twin of the delivery at that hour) give exactly its state, minutes and reason.
   */
  async function expectModelled(id: number, answer: Suggestions) {
    const delivery = await read(id);
    expect(answer.State).toBe((await stateOf(delivery, {})).State);
    for (const suggestion of answer.Suggestions) {
      expect(workable).toContain(suggestion.State);
      let target = delivery;
      if (suggestion.Kind === 'StartTime') {
        const twin = await make(
          `twin-${id}`,
          0,
          {
            startTime0: new Date(suggestion.StartTime0!),
            thickness: delivery.Thickness,
            outputTemperature: delivery.OutputTemperature,
            mileage: delivery.Mileage,
          },
          delivery.MaterialCode === hotCode,
        );
        target = await read(twin);
      } else {
        expect(suggestion.StartTime0).toBeNull();
      }
      const answered = await stateOf(target, suggestion);
      expect(modelled(answered), suggestion.Kind).toEqual(modelled(suggestion));
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const db = t.database.db;
    await clearDeliveries(db);
    await giveOnlyRole(db, 'demo', 'Nothing of deliveries', []);
    const unit = await createUnit(db, 'QSG');
    await linkUserUnit(db, 'employee1', unit);
    const { hot, cool } = await createHotAndCoolMixes(db, hotCode, 'QA-SUGG-COOL');
    const site = await db
      .selectFrom('weatherSites')
      .select(['id', 'latitude', 'longitude'])
      .where('name', '=', 'Leeds')
      .executeTakeFirstOrThrow();
    // The day after tomorrow, so that every working hour is still to come.
    day = ukDayOf(Date.now() + 48 * hourMs);
    const hours = Array.from({ length: 24 }, (_, hour) =>
      forecastHourAt(ukHour(day, hour), weatherAt(hour)),
    );
    forecastHours = hours.map((hour) => hour.time);
    await upsertForecastHours(db, site.id, hours);
    await recordForecastFetch(db, site.id, { provider: 'open-meteo', fetchedAt: new Date() });
    make = async (name, hour, extra, isHot = true) => {
      const id = await createDelivery(db, {
        unitId: unit,
        material: isHot ? hot : cool,
        startTime0: new Date(ukHour(day, hour) + 10 * 60_000),
        extra: {
          latitude: site.latitude,
          longitude: site.longitude,
          locationSource: 'given',
          mileage: 10,
          ...extra,
        },
      });
      ids[name] = id;
      return id;
    };
    await make('red', 10, { thickness: 25, outputTemperature: 160 });
    await make('amber', 10, { thickness: 40, outputTemperature: 160 });
    await make('green', 10, { thickness: 100, outputTemperature: 160 });
    await make('cool', 10, { thickness: 35, outputTemperature: 130 }, false);
    await make('thinnest', 10, { thickness: 20, outputTemperature: 160 });
    await make('rain', 17, { thickness: 40, outputTemperature: 160 });
    await make('haul', 10, { thickness: 40, outputTemperature: 160, mileage: 100 });
    await make('arrival', 10, { thickness: 40, outputTemperature: 140 });
    await make('airCold', 8, { thickness: 40, outputTemperature: 160 });
  });
  afterAll(() => t.close());

  it('suggests for a RED delivery every kind that makes it workable, as the model judges it', async () => {
    const answer = await ask(ids.red!);
    expect(answer.State).toBe('R');
    expect(kinds(answer)).toEqual(['EvoTherm', 'OutputTemperature', 'StartTime', 'Thickness']);
    const byKind = Object.fromEntries(answer.Suggestions.map((s) => [s.Kind, s]));
    // Each changes its own input only, the smallest change that reaches the best state.
    expect(byKind.EvoTherm).toMatchObject({
      OutputTemperature: 160,
      Thickness: 25,
      EvoThermAllowed: true,
      State: 'Y',
    });
    expect(byKind.OutputTemperature).toMatchObject({ Thickness: 25, EvoThermAllowed: false });
    expect(byKind.OutputTemperature!.OutputTemperature).toBeGreaterThan(160);
    expect(byKind.OutputTemperature!.OutputTemperature).toBeLessThanOrEqual(180);
    expect(byKind.Thickness).toMatchObject({ OutputTemperature: 160, State: 'G' });
    expect(byKind.StartTime).toMatchObject({ OutputTemperature: 160, Thickness: 25 });
    expect(ukClock(Date.parse(byKind.StartTime!.StartTime0!))).toBe('14:00');
    // The better state first.
    const ranks = answer.Suggestions.map((s) => workable.indexOf(s.State));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    await expectModelled(ids.red!, answer);
    // 5 mm nearer the posted thickness would not do: the suggestion is the smallest change.
    const thinner = byKind.Thickness!.Thickness - 5;
    if (thinner > 25) {
      const delivery = await read(ids.red!);
      expect((await stateOf(delivery, { Thickness: thinner })).State).not.toBe('G');
    }
  });

  it('suggests for an AMBER delivery only changes that make it GREEN', async () => {
    const answer = await ask(ids.amber!);
    expect(answer.State).toBe('A');
    expect(answer.Suggestions.length).toBeGreaterThan(0);
    expect(answer.Suggestions.map((s) => s.State)).toEqual(answer.Suggestions.map(() => 'G'));
    // The additive only counts once the hot mix falls short of amber.
    expect(kinds(answer)).not.toContain('EvoTherm');
    await expectModelled(ids.amber!, answer);
  });

  it('suggests nothing for a GREEN delivery', async () => {
    expect(await ask(ids.green!)).toEqual({ State: 'G', Suggestions: [] });
  });

  it('offers no additive for a material that cannot take it, and no temperature past MaxMixTemp', async () => {
    const cool = await ask(ids.cool!);
    expect(cool.State).toBe('R');
    expect(kinds(cool)).not.toContain('EvoTherm');
    const hotter = cool.Suggestions.find((s) => s.Kind === 'OutputTemperature');
    expect(hotter!.OutputTemperature).toBeGreaterThan(130);
    expect(hotter!.OutputTemperature).toBeLessThanOrEqual(160);
    await expectModelled(ids.cool!, cool);

    // At 180 °C (the hot mix's maximum) a 20 mm lift is still RED: no temperature suggestion.
    const thinnest = await ask(ids.thinnest!);
    expect(thinnest.State).toBe('R');
    expect(kinds(thinnest)).not.toContain('OutputTemperature');
    expect((await stateOf(await read(ids.thinnest!), { OutputTemperature: 180 })).State).toBe('R');
    await expectModelled(ids.thinnest!, thinnest);
  });

  it('moves a delivery in the rain to the nearest workable hour of the cached working day', async () => {
    const answer = await ask(ids.rain!);
    expect(answer.State).toBe('R');
    expect(kinds(answer)).toEqual(['StartTime']);
    const [moved] = answer.Suggestions;
    expect(forecastHours).toContain(new Date(moved!.StartTime0!).toISOString());
    expect(ukDayOf(Date.parse(moved!.StartTime0!))).toBe(day);
    // 19:00 is nearer and mild, but after the working day; 18:00 and 16:00 are only AMBER.
    expect(ukClock(Date.parse(moved!.StartTime0!))).toBe('14:00');
    expect(moved).toMatchObject({ State: 'G', OutputTemperature: 160, Thickness: 40 });
    await expectModelled(ids.rain!, answer);
  });

  it('suggests no input for a hard stop no input changes', async () => {
    expect(await ask(ids.haul!)).toMatchObject({ State: 'R', Suggestions: [] });
    const arrival = await ask(ids.arrival!);
    expect(arrival.State).toBe('R');
    expect(kinds(arrival)).toEqual(['OutputTemperature']);
    await expectModelled(ids.arrival!, arrival);
    const airCold = await ask(ids.airCold!);
    expect(airCold.State).toBe('R');
    expect(kinds(airCold).every((kind) => ['Thickness', 'StartTime'].includes(kind))).toBe(true);
    expect(airCold.Suggestions.find((s) => s.Kind === 'Thickness')?.Thickness).toBeGreaterThan(40);
    await expectModelled(ids.airCold!, airCold);
  });

  it('answers the posted inputs, not the stored ones', async () => {
    const delivery = await read(ids.green!);
    const res = await client.post('employee1', suggest, { ...delivery, Thickness: 25 });
    expect(res.statusCode).toBe(200);
    const answer = res.json<Suggestions>();
    expect(answer.State).toBe('R');
    expect(answer.Suggestions.every((s) => s.Thickness === 25 || s.Kind === 'Thickness')).toBe(
      true,
    );
  });

  it('refuses callers and bodies as SetNewState does, and changes nothing', async () => {
    const db = t.database.db;
    const before = await Promise.all(Object.values(ids).map((id) => storedDelivery(db, id)));
    const delivery = await read(ids.red!);
    expect((await client.post(null, suggest, delivery)).statusCode).toBe(401);
    const refused = await client.post('demo', suggest, delivery);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('Message');
    const missing = await client.post('employee1', suggest, { ...delivery, Id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toBe('The delivery does not exist.');
    const partial = await client.post('employee1', suggest, { Id: ids.red });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().Message).toMatch(/OutputTemperature/);
    const thin = await client.post('employee1', suggest, { ...delivery, Thickness: 15 });
    expect(thin.statusCode).toBe(400);
    expect(thin.json().Errors).toEqual([expect.objectContaining({ Field: 'Thickness' })]);
    const tooHot = await client.post('employee1', suggest, { ...delivery, OutputTemperature: 190 });
    expect(tooHot.statusCode).toBe(400);
    expect(tooHot.json().Errors).toEqual([expect.objectContaining({ Field: 'OutputTemperature' })]);

    for (const id of [ids.red!, ids.amber!, ids.rain!]) await ask(id);
    const after = await Promise.all(Object.values(ids).map((id) => storedDelivery(db, id)));
    expect(after).toEqual(before);
    expect(after.find((row) => row.id === ids.red)).toMatchObject({ version: 1, state: 'G' });
  });
});
