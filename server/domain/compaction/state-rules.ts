import {
  isKnown,
  type DeliveryFacts,
  type DeliveryForecast,
  type DeliveryInputs,
  type DeliveryStateCode,
} from './delivery';
import type { ReasonCode, ReasonParams } from './reasons';
import type { CompactionSettings } from './settings';

export type Outcome = [DeliveryStateCode, ReasonCode, ReasonParams];

/** Conditions under which no delivery may be laid, whatever the model says. */
export function hardStop(
  facts: DeliveryFacts,
  inputs: DeliveryInputs,
  s: CompactionSettings,
): Outcome | null {
  const { forecast } = facts;
  const rainAmount = forecast?.precipitationMm;
  const rainChance = forecast?.precipitationProbability;
  if (
    (isKnown(rainAmount) && rainAmount >= s.rainThresholdMm) ||
    (s.rainProbabilityPercent !== null &&
      isKnown(rainChance) &&
      rainChance >= s.rainProbabilityPercent)
  ) {
    return ['R', 'rain', { precipitationMm: rainAmount ?? 0, probability: rainChance ?? 0 }];
  }
  if (inputs.baseFrozen) return ['R', 'baseFrozen', {}];
  if (inputs.baseWet) return ['R', 'baseWet', {}];
  const thinCourse = facts.thicknessMm <= s.thinCourseMaxMm;
  const minimum = thinCourse ? s.minAirTemperatureThin : s.minAirTemperatureThick;
  if (forecast && forecast.airTemperature < minimum) {
    const shortfall = minimum - forecast.airTemperature;
    return ['R', 'airTooCold', { shortfall, minimum, thinCourse }];
  }
  const minMix = facts.material.minMixTemp;
  // The mix minimum is checked in the truck, where it is measured, before the paver's loss.
  if (isKnown(minMix) && inputs.arrivalTemperature < minMix) {
    const params = { arrivalTemperature: inputs.arrivalTemperature, minimum: minMix };
    return ['R', 'arrivalTooCold', params];
  }
  if (inputs.haulMinutes > s.maxHaulMinutes) {
    return ['R', 'haulTooLong', { haulMinutes: inputs.haulMinutes, maximum: s.maxHaulMinutes }];
  }
  return null;
}

/** Cases the model cannot judge, left to a person. */
export function needsPerson(
  facts: DeliveryFacts,
  forecast: DeliveryForecast,
  s: CompactionSettings,
): Outcome | null {
  const { thicknessMm } = facts;
  if (!(thicknessMm >= s.minThicknessMm && thicknessMm <= s.maxThicknessMm)) {
    const params = { field: 'thicknessMm', value: thicknessMm };
    return ['M', 'outOfRange', { ...params, minimum: s.minThicknessMm, maximum: s.maxThicknessMm }];
  }
  const checks: [string, number, boolean][] = [
    ['windSpeedKmh', forecast.windSpeedKmh, forecast.windSpeedKmh >= 0],
    ['mileage', facts.mileage, facts.mileage >= 0 && Number.isFinite(facts.mileage)],
    ['outputTemperature', facts.outputTemperature, Number.isFinite(facts.outputTemperature)],
    ['airTemperature', forecast.airTemperature, Number.isFinite(forecast.airTemperature)],
    ['cloudCoverPercent', forecast.cloudCoverPercent, Number.isFinite(forecast.cloudCoverPercent)],
  ];
  const failed = checks.find(([, , ok]) => !ok);
  if (failed) return ['M', 'outOfRange', { field: failed[0], value: failed[1] }];
  const maxMix = facts.material.maxMixTemp;
  if (isKnown(maxMix) && facts.outputTemperature > maxMix) {
    return ['M', 'outputTooHot', { outputTemperature: facts.outputTemperature, maximum: maxMix }];
  }
  return null;
}
