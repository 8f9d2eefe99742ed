import { describe, expect, it } from 'vitest';
import {
  clearSkySolarFlux,
  convectionCoefficient,
  defaultCompactionSettings as defaults,
  simulateCooling,
  skyTemperatureK,
  type CompactionSettings,
  type CoolingInput,
} from '../../server/domain/compaction';

const lift = (over: Partial<CoolingInput> = {}): CoolingInput => ({
  thicknessMm: 50,
  layingTemperature: 140,
  airTemperature: 10,
  windSpeedKmh: 15,
  mixType: 'dense',
  baseType: 'asphalt',
  ...over,
});
const tac = (over: Partial<CoolingInput> = {}, settings: CompactionSettings = defaults) =>
  simulateCooling(lift(over), settings).availableMinutes;

describe('simulateCooling: conservation and numerics', () => {
  it('conserves the heat of a closed column (no convection, radiation or sun) to 1e-6', () => {
    const closed = { ...defaults, convectionScale: 0, emissivity: 0 };
    const { curve, reachedStop } = simulateCooling(
      lift({ baseTemperature: 10, withCurve: true }),
      closed,
    );
    expect(reachedStop).toBe(true);
    // 2000 kg/m3 x 1000 J/kgK x 0.05 m x 140 °C + 2000 x 1025 x 0.36 m x 10 °C
    const initial = 2e6 * 0.05 * 140 + 2.05e6 * 0.36 * 10;
    expect(curve![0]!.heatContent).toBeCloseTo(initial, 3);
    for (const point of curve!) {
      expect(Math.abs(point.heatContent - initial) / initial).toBeLessThan(1e-6);
    }
    expect(curve!.at(-1)!.meanTemperature).toBeLessThan(79.4);
  });

  it("follows Newton's law of cooling for a well-mixed lift on an insulating base", () => {
    const materials = {
      ...defaults.materials,
      mix: { ...defaults.materials.mix, dense: { k: 1000, rho: 2000, c: 1000 } },
      base: { ...defaults.materials.base, asphalt: { k: 1e-9, rho: 2000, c: 1000 } },
    };
    const lumped = { ...defaults, emissivity: 0, materials };
    const wind = 32;
    const h = convectionCoefficient(wind, lumped);
    const exact = (((2e6 * 0.05) / h) * Math.log((140 - 10) / (79.4 - 10))) / 60;
    expect(tac({ windSpeedKmh: wind }, lumped) / exact).toBeCloseTo(1, 2);
  });

  it('changes the time available by less than 2% when cells and time step are halved', () => {
    const half = {
      ...defaults,
      liftCellMm: defaults.liftCellMm / 2,
      maxLiftCells: defaults.maxLiftCells * 2,
      maxBaseCellMm: defaults.maxBaseCellMm / 2,
      timeStepSeconds: defaults.timeStepSeconds / 2,
    };
    const coarse = tac();
    expect(Math.abs(tac({}, half) - coarse) / coarse).toBeLessThan(0.02);
  });

  it('converts wind from km/h to mph once, in the PaveCool convection coefficient', () => {
    expect(convectionCoefficient(32.18688, defaults)).toBeCloseTo(
      3.152 * (1.3 + 0.62 * 20 ** 0.75),
      10,
    );
  });
});

describe('simulateCooling: published reference points (MultiCool)', () => {
  const layingRange = [135, 142, 150];

  it('P1: 38 mm, air 4.4 °C, wind 32 km/h gives about 12 min over a 135-150 °C laying range', () => {
    for (const layingTemperature of layingRange) {
      const minutes = tac({
        thicknessMm: 38,
        airTemperature: 4.4,
        windSpeedKmh: 32,
        layingTemperature,
      });
      // The base takes most of a thin lift's heat; the published runs' base and sun are unknown.
      expect(minutes).toBeGreaterThan(7.5);
      expect(minutes).toBeLessThan(16);
    }
  });

  it('P2: 76 mm, air 4.4 °C, calm gives more than 40 min from 142 °C, and over 35 from 135', () => {
    const p2 = { thicknessMm: 76, airTemperature: 4.4, windSpeedKmh: 0 };
    expect(tac({ ...p2, layingTemperature: 135 })).toBeGreaterThan(35);
    expect(tac({ ...p2, layingTemperature: 142 })).toBeGreaterThan(40);
    expect(tac({ ...p2, layingTemperature: 150 })).toBeGreaterThan(40);
  });

  it('P3: 45 mm dense laid at 135 °C, air 7.2 °C, wind 16 km/h gives 16 ± 4 min', () => {
    const minutes = tac({
      thicknessMm: 45,
      layingTemperature: 135,
      airTemperature: 7.2,
      windSpeedKmh: 16,
    });
    expect(minutes).toBeGreaterThanOrEqual(12);
    expect(minutes).toBeLessThanOrEqual(20);
  });
});

describe('simulateCooling: trends', () => {
  const june = { latitude: 51.5, longitude: -0.1, cloudCoverPercent: 0 };

  it.each<[string, Partial<CoolingInput>, Partial<CoolingInput>]>([
    ['thicker', { thicknessMm: 40 }, { thicknessMm: 60 }],
    ['hotter', { layingTemperature: 135 }, { layingTemperature: 155 }],
    ['calmer', { windSpeedKmh: 30 }, { windSpeedKmh: 5 }],
    ['warmer air', { airTemperature: 2 }, { airTemperature: 20 }],
    ['sunnier (forecast radiation)', { shortwaveRadiation: 100 }, { shortwaveRadiation: 600 }],
    [
      'sunnier (noon in June against midnight)',
      { ...june, dateTime: new Date('2025-06-21T00:00:00Z') },
      { ...june, dateTime: new Date('2025-06-21T12:00:00Z') },
    ],
    ['warmer base', { baseTemperature: 2 }, { baseTemperature: 25 }],
    [
      'less conductive base',
      { baseType: 'aggregate', baseWet: true, baseFrozen: true, baseTemperature: 5 },
      { baseType: 'soil', baseWet: false, baseFrozen: false, baseTemperature: 5 },
    ],
  ])('%s gives more time', (_, less, more) => {
    expect(tac(more)).toBeGreaterThan(tac(less));
  });

  it('grows with thickness to a power between 1.3 and 2.0 over 20-200 mm', () => {
    const thicknesses = [20, 30, 40, 50, 60, 80, 100, 125, 150, 200];
    const xs = thicknesses.map(Math.log);
    const ys = thicknesses.map((thicknessMm) =>
      Math.log(tac({ thicknessMm, layingTemperature: 150 })),
    );
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const [mx, my] = [mean(xs), mean(ys)];
    const slope =
      xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) /
      xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    expect(slope).toBeGreaterThan(1.3);
    expect(slope).toBeLessThan(2.0);
  });
});

describe('simulateCooling: outputs', () => {
  it('gives the start-rolling time, 0 when laid below the start-rolling temperature', () => {
    const hot = simulateCooling(lift({ layingTemperature: 150 }), defaults);
    expect(hot.startRollingMinutes).toBeGreaterThan(0);
    expect(hot.startRollingMinutes).toBeLessThan(hot.availableMinutes);
    expect(simulateCooling(lift({ layingTemperature: 115 }), defaults).startRollingMinutes).toBe(0);
  });

  it('gives 0 min when laid at or below the stop temperature, and honours its own stop', () => {
    expect(tac({ layingTemperature: 79 })).toBe(0);
    expect(tac({ stopTemperature: 64.4 })).toBeGreaterThan(tac());
  });

  it('flags a stop temperature not reached within the simulated time', () => {
    const short = { ...defaults, maxSimulatedMinutes: 5 };
    const result = simulateCooling(lift({ thicknessMm: 100 }), short);
    expect(result).toMatchObject({ reachedStop: false, availableMinutes: 5 });
  });

  it('returns a per-minute curve only when asked, falling to the stop and a few minutes past', () => {
    expect(simulateCooling(lift(), defaults).curve).toBeUndefined();
    const { curve, availableMinutes } = simulateCooling(lift({ withCurve: true }), defaults);
    expect(curve![0]).toMatchObject({ minute: 0, meanTemperature: 140, surfaceTemperature: 140 });
    expect(curve!.map((p) => p.minute)).toEqual(curve!.map((_, i) => i));
    expect(curve!.at(-1)!.minute).toBe(Math.ceil(availableMinutes + defaults.curveTailMinutes));
    for (let i = 1; i < curve!.length; i += 1) {
      expect(curve![i]!.meanTemperature).toBeLessThan(curve![i - 1]!.meanTemperature);
      expect(curve![i]!.surfaceTemperature).toBeLessThan(curve![i - 1]!.surfaceTemperature);
    }
  });
});

describe('solar and sky', () => {
  const flux = (iso: string) => clearSkySolarFlux(51.5, 0, new Date(iso));

  it('is high at noon at 51.5° N on 21 June, 0 at midnight, and lower at UK winter noon', () => {
    const summerNoon = flux('2025-06-21T12:00:00Z');
    expect(summerNoon).toBeGreaterThan(850);
    expect(summerNoon).toBeLessThan(1000);
    expect(flux('2025-06-21T00:00:00Z')).toBe(0);
    const winterNoon = flux('2025-12-21T12:00:00Z');
    expect(winterNoon).toBeGreaterThan(100);
    expect(winterNoon).toBeLessThan(summerNoon / 2);
  });

  it('uses solar time: the sun peaks near 12:00 local solar time, later to the west', () => {
    const at = (iso: string, lon: number) => clearSkySolarFlux(51.5, lon, new Date(iso));
    expect(at('2025-06-21T12:00:00Z', 0)).toBeGreaterThan(at('2025-06-21T10:00:00Z', 0));
    expect(at('2025-06-21T13:00:00Z', -15)).toBeGreaterThan(at('2025-06-21T12:00:00Z', -15));
  });

  it('takes the sky at air temperature by day and 225 K at night (PaveCool), Swinbank between', () => {
    expect(skyTemperatureK(10, 0, true, defaults)).toBeCloseTo(283.15, 10);
    expect(skyTemperatureK(10, 0, false, defaults)).toBe(225);
    const swinbank = { ...defaults, skyModel: 'swinbank' as const };
    expect(skyTemperatureK(10, 0, false, swinbank)).toBeCloseTo(0.0552 * 283.15 ** 1.5, 10);
    expect(skyTemperatureK(10, 1, false, swinbank)).toBeCloseTo(283.15, 10);
  });
});
