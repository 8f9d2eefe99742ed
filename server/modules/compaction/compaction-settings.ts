import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  defaultCompactionSettings,
  type CompactionSettings,
  type MaterialTable,
  type RollingTimeRow,
  type SkyModel,
} from '../../domain/compaction/index';
import { cachedSetting } from '../settings/index';

/** How the model computes: code, not settings (a change is a new model version). */
type Numerics =
  | 'liftCellMm'
  | 'minLiftCells'
  | 'maxLiftCells'
  | 'baseCellGrowth'
  | 'maxBaseCellMm'
  | 'timeStepSeconds'
  | 'surfaceIterations'
  | 'maxSimulatedMinutes'
  | 'curveTailMinutes';

type Stored = Omit<CompactionSettings, Numerics>;
type Check<T> = (value: unknown) => value is T;

const isNumber: Check<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const between =
  (min: number, max: number): Check<number> =>
  (value): value is number =>
    isNumber(value) && value >= min && value <= max;
const positive: Check<number> = (value): value is number => isNumber(value) && value > 0;
const notNegative = between(0, Number.MAX_VALUE);
const temperature = between(-60, 300);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Ascending thicknesses, the last row open-ended (maxMm null). */
const rollingRows: Check<RollingTimeRow[]> = (value): value is RollingTimeRow[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((row: unknown, i) => {
    if (!isRecord(row) || !notNegative(row.minutes)) return false;
    if (i === value.length - 1) return row.maxMm === null;
    const previous: unknown = i === 0 ? 0 : (value[i - 1] as { maxMm?: unknown }).maxMm;
    return isNumber(row.maxMm) && isNumber(previous) && row.maxMm > previous;
  });

/** The same shape as `shape`, every leaf a positive number. */
function sameShapePositive(value: unknown, shape: unknown): boolean {
  if (isNumber(shape)) return positive(value);
  if (!isRecord(value) || !isRecord(shape)) return false;
  return Object.entries(shape).every(([key, inner]) => sameShapePositive(value[key], inner));
}

const materialTable: Check<MaterialTable> = (value): value is MaterialTable =>
  sameShapePositive(value, defaultCompactionSettings.materials);

/** What a stored value must be for the model to use it; anything else falls back to the default. */
const checks: { [K in keyof Stored]: Check<CompactionSettings[K]> } = {
  convectionScale: positive,
  convectionBase: notNegative,
  convectionWindFactor: notNegative,
  convectionWindExponent: between(0, 3),
  emissivity: between(0, 1),
  absorptivity: between(0, 1),
  skyModel: (value): value is SkyModel => value === 'pavecool' || value === 'swinbank',
  nightSkyTemperatureK: between(100, 350),
  stopTemperature: between(20, 200),
  startRollingTemperature: between(20, 250),
  truckSpeedMph: positive,
  queueMinutes: notNegative,
  haulCoolingPerMinute: notNegative,
  transferLoss: notNegative,
  warmMixAllowance: between(0, 100),
  rollingMinutesByThickness: rollingRows,
  minRollingMinutes: notNegative,
  greenMultiple: positive,
  amberMultiple: positive,
  minAirTemperatureThick: temperature,
  minAirTemperatureThin: temperature,
  thinCourseMaxMm: positive,
  maxHaulMinutes: positive,
  rainThresholdMm: notNegative,
  rainProbabilityPercent: (value): value is number | null =>
    value === null || between(0, 100)(value),
  minThicknessMm: positive,
  maxThicknessMm: positive,
  baseLayersM: (value): value is number[] =>
    Array.isArray(value) && value.length > 0 && value.length <= 10 && value.every(positive),
  materials: materialTable,
};

const storedNames = Object.keys(checks) as (keyof Stored)[];

/** `warmMixAllowance` -> `Compaction.WarmMixAllowance`. */
export const compactionSettingKey = (name: keyof Stored): string =>
  `Compaction.${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** Whether the model can use `value` for the setting `key`; true for keys not of the model. */
export function usableCompactionSetting(key: string, value: unknown): boolean {
  const name = storedNames.find((stored) => compactionSettingKey(stored) === key);
  return name === undefined || checks[name](value);
}

/** What the model needs of a value beyond its schema, in words. */
const modelRules: Readonly<Record<string, string>> = {
  'Compaction.RollingMinutesByThickness':
    'must list rising thicknesses, and only the last row may have none (any thicker lift)',
};

/** What is wrong with a compaction setting's value for the model, or null when it is usable. */
export const compactionSettingRule = (key: string, value: unknown): string | null =>
  usableCompactionSetting(key, value)
    ? null
    : (modelRules[key] ?? 'is not a value the compaction model can use');

/** The seeded defaults, straight from the model's own. */
export const compactionSettingDefaults: Record<string, unknown> = Object.fromEntries(
  storedNames.map((name) => [compactionSettingKey(name), defaultCompactionSettings[name]]),
);

/** Bad values already reported: each is logged once, not on every calculation. */
const reported = new Set<string>();

/**
 * The model's constants with the administrator's settings applied (each read at most every
 * 15 s). A stored value the model cannot use is ignored, with a warning (once per value), so
 * that one bad setting never stops the calculations.
 */
export async function compactionSettings(
  db: Kysely<Database>,
  log?: { warn(details: object, message: string): void },
): Promise<CompactionSettings> {
  const stored = await Promise.all(
    storedNames.map((name) =>
      cachedSetting<unknown>(db, compactionSettingKey(name), defaultCompactionSettings[name]),
    ),
  );
  const settings: CompactionSettings = { ...defaultCompactionSettings };
  const apply = <K extends keyof Stored>(name: K, value: unknown) => {
    if (checks[name](value)) {
      settings[name] = value;
      return;
    }
    const setting = `${compactionSettingKey(name)}=${JSON.stringify(value)}`.slice(0, 300);
    if (!log || reported.has(setting)) return;
    reported.add(setting);
    log.warn({ setting }, 'compaction setting ignored: not a usable value');
  };
  storedNames.forEach((name, i) => apply(name, stored[i]));
  return settings;
}
