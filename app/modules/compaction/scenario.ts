import { baseTypes, mixTypes, type CompactionInput } from '#metadata';

export type MixType = (typeof mixTypes)[number];
export type BaseType = (typeof baseTypes)[number];
export type InputField = keyof CompactionInput;

/** A number field as its input holds it: a number, or text while it is blank or half typed ('-'). */
export type NumberValue = number | string;

/** What one scenario card edits. */
export interface Scenario {
  ThicknessMm: NumberValue;
  LayingTemperature: NumberValue;
  AirTemperature: NumberValue;
  WindSpeedKmh: NumberValue;
  CloudCoverPercent: NumberValue;
  BaseSameAsAir: boolean;
  BaseTemperature: NumberValue;
  MixType: MixType;
  BaseType: BaseType;
  BaseWet: boolean;
  BaseFrozen: boolean;
  /** Blank: the server's standard stop temperature. */
  StopTemperature: NumberValue;
  WarmMixAdditive: boolean;
}

export const scenarioNames = ['A', 'B'] as const;
export type ScenarioName = (typeof scenarioNames)[number];

export const defaultScenario: Scenario = {
  ThicknessMm: 45,
  LayingTemperature: 140,
  AirTemperature: 8,
  WindSpeedKmh: 12,
  CloudCoverPercent: 50,
  BaseSameAsAir: true,
  BaseTemperature: 8,
  MixType: 'dense',
  BaseType: 'asphalt',
  BaseWet: false,
  BaseFrozen: false,
  StopTemperature: '',
  WarmMixAdditive: false,
};

const requiredFields = [
  'ThicknessMm',
  'LayingTemperature',
  'AirTemperature',
  'WindSpeedKmh',
] as const satisfies readonly InputField[];

export function isMixType(value: string | null): value is MixType {
  return mixTypes.some((type) => type === value);
}

export function isBaseType(value: string | null): value is BaseType {
  return baseTypes.some((type) => type === value);
}

/** The number a field holds, if it holds one. */
export function numberIn(value: NumberValue): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The fields a calculation cannot do without that hold no number. */
export function missingFields(scenario: Scenario): InputField[] {
  const missing: InputField[] = requiredFields.filter(
    (field) => numberIn(scenario[field]) === undefined,
  );
  if (!scenario.BaseSameAsAir && numberIn(scenario.BaseTemperature) === undefined) {
    missing.push('BaseTemperature');
  }
  return missing;
}

/**
 * The request body for a scenario, or null while a needed field holds no number. Fields left
 * out are the server's to decide: base temperature = air, frozen at or below 0 °C, standard
 * stop temperature; a blank cloud cover is a clear sky.
 */
export function toCompactionInput(scenario: Scenario): CompactionInput | null {
  const thickness = numberIn(scenario.ThicknessMm);
  const laying = numberIn(scenario.LayingTemperature);
  const air = numberIn(scenario.AirTemperature);
  const wind = numberIn(scenario.WindSpeedKmh);
  const base = scenario.BaseSameAsAir ? undefined : numberIn(scenario.BaseTemperature);
  if (thickness === undefined || laying === undefined || air === undefined || wind === undefined) {
    return null;
  }
  if (!scenario.BaseSameAsAir && base === undefined) return null;
  // Fields left undefined are not sent (JSON leaves them out).
  return {
    ThicknessMm: thickness,
    LayingTemperature: laying,
    AirTemperature: air,
    WindSpeedKmh: wind,
    CloudCoverPercent: numberIn(scenario.CloudCoverPercent) ?? 0,
    BaseTemperature: base,
    MixType: scenario.MixType,
    BaseType: scenario.BaseType,
    BaseWet: scenario.BaseWet,
    BaseFrozen: scenario.BaseFrozen ? true : undefined,
    StopTemperature: numberIn(scenario.StopTemperature),
    WarmMixAdditive: scenario.WarmMixAdditive,
  };
}
