/**
 * The compaction model's speed, printed as figures (not pass/fail): evaluations per second of
 * one 50 mm lift on one core, and the time to compute the state of 100,000 deliveries with
 * varied inputs (target under 10 s), and p50/p95 of `POST api/compaction/calculate` through the
 * whole server (inject, curve included). Run with `npm run bench`.
 */
import { performance } from 'node:perf_hooks';
import {
  defaultCompactionSettings as settings,
  deliveryState,
  simulateCooling,
  type CoolingInput,
  type DeliveryFacts,
  type DeliveryStateCode,
} from '../../server/domain/compaction';
import { signIn } from '../support/sign-in';
import { createTestApp } from '../support/test-app';

/** Deterministic inputs, so runs compare. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function lifts(count: number): CoolingInput[] {
  const next = random(1);
  return Array.from({ length: count }, () => ({
    thicknessMm: 50,
    layingTemperature: 130 + 30 * next(),
    airTemperature: 20 * next(),
    windSpeedKmh: 40 * next(),
    mixType: 'dense',
    baseType: 'asphalt',
  }));
}

function deliveries(count: number): DeliveryFacts[] {
  const next = random(2);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, () => ({
    thicknessMm: pick([20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 100, 120]),
    outputTemperature: 140 + 50 * next(),
    mileage: 40 * next(),
    evoThermAllowed: next() < 0.5,
    material: { mixType: pick(['dense', 'sma'] as const), minMixTemp: 120, maxMixTemp: 190 },
    forecast:
      next() < 0.02
        ? null
        : {
            airTemperature: -2 + 27 * next(),
            windSpeedKmh: 40 * next(),
            cloudCoverPercent: 100 * next(),
            shortwaveRadiation: next() < 0.5 ? 800 * next() : null,
            precipitationMm: next() < 0.1 ? 2 * next() : 0,
          },
    base: { type: pick(['asphalt', 'concrete', 'aggregate', 'soil'] as const), wet: next() < 0.05 },
    site: { latitude: 50 + 5 * next(), longitude: -5 + 6 * next() },
    dateTime: new Date(start + Math.floor(next() * 365 * 24) * 3_600_000),
  }));
}

const warmUp = lifts(2_000);
for (const input of warmUp) simulateCooling(input, settings);

const inputs = lifts(50_000);
let t0 = performance.now();
let total = 0;
for (const input of inputs) total += simulateCooling(input, settings).availableMinutes;
const modelMs = performance.now() - t0;

const facts = deliveries(100_000);
const states: Record<DeliveryStateCode, number> = { G: 0, A: 0, Y: 0, R: 0, M: 0 };
t0 = performance.now();
for (const delivery of facts) states[deliveryState(delivery, settings).state] += 1;
const stateMs = performance.now() - t0;

console.table([
  {
    name: 'simulateCooling, 50 mm lift, no curve',
    runs: inputs.length,
    'mean TAC (min)': (total / inputs.length).toFixed(1),
    'µs each': ((modelMs * 1000) / inputs.length).toFixed(1),
    'per second': Math.round((inputs.length / modelMs) * 1000),
  },
  {
    name: 'deliveryState, varied deliveries',
    runs: facts.length,
    'total (s)': (stateMs / 1000).toFixed(2),
    'µs each': ((stateMs * 1000) / facts.length).toFixed(1),
    'per second': Math.round((facts.length / stateMs) * 1000),
  },
]);
console.log('states:', states);

const t = await createTestApp({ demo: true });
const cookie = await signIn(t.app, 'demo');
const calculate = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/compaction/calculate',
    headers: { cookie },
    payload: { ThicknessMm: 50, LayingTemperature: 140, AirTemperature: 8, WindSpeedKmh: 15 },
  });
for (let i = 0; i < 100; i += 1) await calculate();
const calls: number[] = [];
for (let i = 0; i < 500; i += 1) {
  const start = performance.now();
  await calculate();
  calls.push(performance.now() - start);
}
calls.sort((a, b) => a - b);
const at = (p: number) => calls[Math.floor((calls.length * p) / 100)]!.toFixed(2);
console.log(`POST api/compaction/calculate, 50 mm with curve: p50 ${at(50)} ms, p95 ${at(95)} ms`);
await t.close();
