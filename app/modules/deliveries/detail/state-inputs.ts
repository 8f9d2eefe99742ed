import type { CompactionInput, DeliveryStateInputs } from '#metadata';
import type { DeliveryRow } from './delivery-api';

/** What the compaction model ran on for the delivery's state, as the server keeps it. */
export type StateInputs = DeliveryStateInputs;
/** The forecast hour the state was computed from. */
export type StateForecast = NonNullable<StateInputs['forecast']>;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** The delivery's StateInputs when the model ran on them, else null. */
export function stateInputsOf(delivery: DeliveryRow): StateInputs | null {
  const inputs = delivery.StateInputs as Partial<StateInputs> | null | undefined;
  if (!inputs || !isNumber(inputs.layingTemperature) || !isNumber(inputs.stopTemperature)) {
    return null;
  }
  return inputs as StateInputs;
}

/** The forecast at the site and hour the state was computed with. */
export function stateForecastOf(delivery: DeliveryRow): StateForecast | null {
  const forecast = stateInputsOf(delivery)?.forecast;
  return forecast && isNumber(forecast.airTemperature) ? forecast : null;
}

const within = (value: number, min: number, max: number) => value >= min && value <= max;

/**
 * The compaction calculator's question for the same lift in the same weather, so its answer
 * gives what SetNewState does not: the start-rolling temperature and, with `additive`, the stop
 * temperature, time and longer curve with the warm-mix additive. Null when the calculator
 * could not take the inputs (they are outside its ranges).
 */
export function calculatorInput(inputs: StateInputs, additive: boolean): CompactionInput | null {
  const { forecast } = inputs;
  if (!forecast) return null;
  if (
    !within(inputs.thicknessMm, 10, 300) ||
    !within(inputs.layingTemperature, 40, 250) ||
    !within(forecast.airTemperature, -40, 50) ||
    !within(inputs.stopTemperature, 20, 200) ||
    (isNumber(inputs.baseTemperature) && !within(inputs.baseTemperature, -40, 80))
  ) {
    return null;
  }
  return {
    ThicknessMm: inputs.thicknessMm,
    LayingTemperature: inputs.layingTemperature,
    AirTemperature: forecast.airTemperature,
    ...(isNumber(inputs.baseTemperature) ? { BaseTemperature: inputs.baseTemperature } : {}),
    WindSpeedKmh: forecast.windSpeedKmh,
    CloudCoverPercent: forecast.cloudCoverPercent,
    ...(isNumber(forecast.shortwaveRadiation)
      ? { ShortwaveRadiation: forecast.shortwaveRadiation }
      : {}),
    Latitude: inputs.latitude,
    Longitude: inputs.longitude,
    DateTime: inputs.dateTime,
    MixType: inputs.mixType,
    BaseType: inputs.baseType,
    BaseWet: inputs.baseWet,
    BaseFrozen: inputs.baseFrozen,
    StopTemperature: inputs.stopTemperature,
    WarmMixAdditive: additive,
  };
}
