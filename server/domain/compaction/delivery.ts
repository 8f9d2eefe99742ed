import type { BaseType, MixType } from './materials';
import type { ReasonCode, ReasonParams } from './reasons';
import type { CompactionSettings } from './settings';

export type DeliveryStateCode = 'G' | 'A' | 'Y' | 'R' | 'M';

/** The forecast at the site for the delivery's hour. */
export interface DeliveryForecast {
  airTemperature: number;
  windSpeedKmh: number;
  cloudCoverPercent: number;
  shortwaveRadiation?: number | null;
  precipitationMm?: number | null;
  precipitationProbability?: number | null;
  /** Surface or soil temperature from the forecast. */
  baseTemperature?: number | null;
}

export interface DeliveryFacts {
  thicknessMm: number;
  outputTemperature: number;
  mileage: number;
  evoThermAllowed: boolean;
  material: {
    mixType?: MixType | null;
    stopTemperature?: number | null;
    minMixTemp?: number | null;
    maxMixTemp?: number | null;
  };
  forecast: DeliveryForecast | null;
  /** `temperature` is a measured one, preferred to the forecast's. */
  base: { type: BaseType; wet: boolean; frozen?: boolean | null; temperature?: number | null };
  site: { latitude: number; longitude: number };
  dateTime: Date;
}

/** What the state was computed from, kept with it for the tooltip and the audit. */
export interface DeliveryInputs {
  thicknessMm: number;
  mixType: MixType;
  outputTemperature: number;
  mileage: number;
  haulMinutes: number;
  arrivalTemperature: number;
  layingTemperature: number;
  stopTemperature: number;
  warmMixStopTemperature: number | null;
  forecast: DeliveryForecast | null;
  baseType: BaseType;
  baseTemperature: number | null;
  baseWet: boolean;
  baseFrozen: boolean;
  latitude: number;
  longitude: number;
  dateTime: string;
}

export interface DeliveryState {
  state: DeliveryStateCode;
  /** Time available for compaction of the hot mix, min; null when the model did not run. */
  availableMinutes: number | null;
  neededMinutes: number;
  reason: string;
  reasonCode: ReasonCode;
  reasonParams: ReasonParams;
  modelVersion: string;
  inputs: DeliveryInputs;
}

/** A number that is there: neither null, undefined nor NaN. */
export const isKnown = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && !Number.isNaN(value);

/** Haul, arrival and laying temperatures, and the base as the model will see it. */
export function deriveInputs(facts: DeliveryFacts, settings: CompactionSettings): DeliveryInputs {
  const haulMinutes = (facts.mileage / settings.truckSpeedMph) * 60 + settings.queueMinutes;
  const arrivalTemperature = facts.outputTemperature - haulMinutes * settings.haulCoolingPerMinute;
  const stopTemperature = facts.material.stopTemperature ?? settings.stopTemperature;
  const { forecast, base } = facts;
  const baseTemperature =
    [base.temperature, forecast?.baseTemperature, forecast?.airTemperature].find(isKnown) ?? null;
  return {
    thicknessMm: facts.thicknessMm,
    mixType: facts.material.mixType ?? 'dense',
    outputTemperature: facts.outputTemperature,
    mileage: facts.mileage,
    haulMinutes,
    arrivalTemperature,
    layingTemperature: arrivalTemperature - settings.transferLoss,
    stopTemperature,
    warmMixStopTemperature: facts.evoThermAllowed
      ? stopTemperature - settings.warmMixAllowance
      : null,
    forecast,
    baseType: base.type,
    baseTemperature,
    baseWet: base.wet,
    baseFrozen: base.frozen ?? (baseTemperature !== null && baseTemperature <= 0),
    latitude: facts.site.latitude,
    longitude: facts.site.longitude,
    dateTime: facts.dateTime.toISOString(),
  };
}
