import { describe, expect, it } from 'vitest';
import {
  coolingModelVersion,
  defaultCompactionSettings as defaults,
  deliveryState,
  neededRollingMinutes,
  reasonText,
  type DeliveryFacts,
  type DeliveryForecast,
} from '../../server/domain/compaction';

const overcast: DeliveryForecast = {
  airTemperature: 8,
  windSpeedKmh: 20,
  cloudCoverPercent: 100,
  precipitationMm: 0,
};

function facts(over: Partial<DeliveryFacts> = {}, forecast: Partial<DeliveryForecast> = {}) {
  return {
    thicknessMm: 38,
    outputTemperature: 160,
    mileage: 15,
    evoThermAllowed: false,
    material: {},
    forecast: { ...overcast, ...forecast },
    base: { type: 'asphalt', wet: false },
    site: { latitude: 51.5, longitude: -0.1 },
    dateTime: new Date('2025-03-15T10:00:00Z'),
    ...over,
  } satisfies DeliveryFacts;
}

const state = (f: DeliveryFacts) => deliveryState(f, defaults);
const minutes = (value: number | null) => value!.toFixed(1);

describe('deliveryState: laying temperature and needed rolling time', () => {
  it('derives haul, arrival and laying temperatures from output and mileage', () => {
    const { inputs, modelVersion } = state(facts({ outputTemperature: 160, mileage: 15 }));
    expect(inputs).toMatchObject({
      haulMinutes: 30,
      arrivalTemperature: 154,
      layingTemperature: 149,
      stopTemperature: 79.4,
      baseTemperature: 8,
      baseFrozen: false,
      dateTime: '2025-03-15T10:00:00.000Z',
    });
    expect(modelVersion).toBe(coolingModelVersion);
  });

  it('needs the rolling time of the thickness band, never below 7 min', () => {
    expect([20, 25, 30, 40, 50, 60, 80].map((mm) => neededRollingMinutes(mm, defaults))).toEqual([
      7, 7, 8, 8, 12, 12, 15,
    ]);
  });
});

describe('deliveryState: hard stops (R)', () => {
  it('stops for rain at the hour from 0.1 mm', () => {
    const result = state(facts({}, { precipitationMm: 0.4 }));
    expect(result).toMatchObject({ state: 'R', reasonCode: 'rain', availableMinutes: null });
    expect(result.reason).toBe('Rain forecast at the delivery hour');
    expect(state(facts({}, { precipitationMm: 0.05 })).state).not.toBe('R');
  });

  it('stops for a probability of rain only when that setting is on', () => {
    const likely = facts({}, { precipitationProbability: 80 });
    expect(state(likely).reasonCode).not.toBe('rain');
    const settings = { ...defaults, rainProbabilityPercent: 60 };
    expect(deliveryState(likely, settings).reasonCode).toBe('rain');
  });

  it('stops on a frozen base, told or from a base temperature at or below 0 °C', () => {
    const told = state(facts({ base: { type: 'asphalt', wet: false, frozen: true } }));
    expect(told).toMatchObject({ state: 'R', reasonCode: 'baseFrozen', reason: 'Base frozen' });
    expect(state(facts({}, { baseTemperature: 0 })).reasonCode).toBe('baseFrozen');
    const measured = facts({ base: { type: 'asphalt', wet: false, temperature: 4 } });
    expect(state({ ...measured, forecast: { ...overcast, baseTemperature: -2 } }).state).not.toBe(
      'R',
    );
  });

  it('stops on a wet base', () => {
    const result = state(facts({ base: { type: 'aggregate', wet: true } }));
    expect(result).toMatchObject({ state: 'R', reasonCode: 'baseWet', reason: 'Base wet' });
  });

  it('stops when the air is below the minimum: 3 °C for thin courses, 0 °C for thick', () => {
    const thin = state(facts({ thicknessMm: 40 }, { airTemperature: 2, baseTemperature: 5 }));
    expect(thin).toMatchObject({ state: 'R', reasonCode: 'airTooCold' });
    expect(thin.reason).toBe('Air 1.0 °C below the 3 °C minimum for thin courses');
    const thick = state(facts({ thicknessMm: 60 }, { airTemperature: -0.5, baseTemperature: 5 }));
    expect(thick.reason).toBe('Air 0.5 °C below the 0 °C minimum for thick courses');
    expect(state(facts({ thicknessMm: 60 }, { airTemperature: 2 })).reasonCode).not.toBe(
      'airTooCold',
    );
  });

  it('stops when the mix arrives below its minimum temperature', () => {
    const result = state(
      facts({ outputTemperature: 140, mileage: 30, material: { minMixTemp: 130 } }),
    );
    expect(result).toMatchObject({ state: 'R', reasonCode: 'arrivalTooCold' });
    expect(result.reason).toBe('Arrives at 128.0 °C, below the mix minimum of 130 °C');
  });

  it('stops when the haul is longer than the maximum', () => {
    const result = state(facts({ outputTemperature: 190, mileage: 70 }));
    expect(result).toMatchObject({ state: 'R', reasonCode: 'haulTooLong' });
    expect(result.reason).toBe('Haul of 140.0 min, over the 120 min maximum');
  });

  it('puts hard stops before what needs a person', () => {
    const result = state(facts({ forecast: null, base: { type: 'soil', wet: true } }));
    expect(result.reasonCode).toBe('baseWet');
  });
});

describe('deliveryState: needs a person (M)', () => {
  it('has no forecast for the site and hour', () => {
    const result = state(facts({ forecast: null }));
    expect(result).toMatchObject({ state: 'M', reasonCode: 'noForecast', availableMinutes: null });
    expect(result.reason).toBe('No forecast for the site and hour');
  });

  it('has inputs outside the model range', () => {
    const thin = state(facts({ thicknessMm: 5 }));
    expect(thin).toMatchObject({ state: 'M', reasonCode: 'outOfRange' });
    expect(thin.reason).toBe("Thickness 5 mm is outside the model's range of 10-300 mm");
    const wind = state(facts({}, { windSpeedKmh: -1 }));
    expect(wind.reason).toBe("Wind -1 km/h is outside the model's range");
  });

  it('has an output temperature above the mix maximum', () => {
    const result = state(facts({ outputTemperature: 200, material: { maxMixTemp: 190 } }));
    expect(result).toMatchObject({ state: 'M', reasonCode: 'outputTooHot' });
    expect(result.reason).toBe('Output 200.0 °C above the mix maximum of 190 °C');
  });
});

describe('deliveryState: time available against time needed', () => {
  it('is green with at least 1.5 times the rolling time', () => {
    const result = state(
      facts({ outputTemperature: 185 }, { airTemperature: 15, windSpeedKmh: 10 }),
    );
    expect(result).toMatchObject({ state: 'G', reasonCode: 'green', neededMinutes: 8 });
    expect(result.availableMinutes).toBeGreaterThanOrEqual(12);
    expect(result.reason).toBe(
      `${minutes(result.availableMinutes)} min available, 8 min needed: good (green)`,
    );
  });

  it('is amber with at least the rolling time', () => {
    const result = state(
      facts({ outputTemperature: 155 }, { airTemperature: 6, windSpeedKmh: 25 }),
    );
    expect(result).toMatchObject({ state: 'A', reasonCode: 'amber' });
    expect(result.availableMinutes).toBeGreaterThanOrEqual(8);
    expect(result.availableMinutes).toBeLessThan(12);
    expect(result.reason).toBe(
      `${minutes(result.availableMinutes)} min available, 8 min needed: tight (amber)`,
    );
  });

  const short = facts({ thicknessMm: 30, outputTemperature: 145 }, { windSpeedKmh: 25 });

  it('is yellow when only the warm-mix additive gives the rolling time', () => {
    const result = state({ ...short, evoThermAllowed: true });
    expect(result).toMatchObject({ state: 'Y', reasonCode: 'yellow' });
    expect(result.availableMinutes).toBeLessThan(8);
    expect(result.reasonParams.warmMixMinutes).toBeGreaterThanOrEqual(8);
    expect(result.reason).toBe(
      `${minutes(result.availableMinutes)} min available, 8 min needed: workable only with the warm-mix additive (yellow)`,
    );
  });

  it('is red without the additive, or when even the additive is not enough', () => {
    const without = state(short);
    expect(without).toMatchObject({ state: 'R', reasonCode: 'red' });
    expect(without.reason).toBe(
      `${minutes(without.availableMinutes)} min available, 8 min needed: too little time (red)`,
    );
    const thin = facts(
      { thicknessMm: 20, outputTemperature: 145, evoThermAllowed: true },
      { airTemperature: 4, windSpeedKmh: 40 },
    );
    expect(state(thin)).toMatchObject({ state: 'R', reasonCode: 'red', neededMinutes: 7 });
  });

  it('uses the material stop temperature', () => {
    const lower = state(facts({ material: { stopTemperature: 70 } }));
    expect(lower.inputs.stopTemperature).toBe(70);
    expect(lower.availableMinutes).toBeGreaterThan(state(facts()).availableMinutes!);
  });
});

describe('reasonText', () => {
  it('writes minutes with one decimal and settings as set', () => {
    const params = { availableMinutes: 11.46, neededMinutes: 8 };
    expect(reasonText('amber', params)).toBe('11.5 min available, 8 min needed: tight (amber)');
    expect(reasonText('green', { availableMinutes: 25, neededMinutes: 8 })).toBe(
      '25.0 min available, 8 min needed: good (green)',
    );
    expect(reasonText('yellow', { availableMinutes: 5.2, neededMinutes: 8 })).toBe(
      '5.2 min available, 8 min needed: workable only with the warm-mix additive (yellow)',
    );
    expect(
      reasonText('green', { availableMinutes: 240, neededMinutes: 15, reachedStop: false }),
    ).toBe('More than 240.0 min available, 15 min needed: good (green)');
  });
});
