import { coolingModelVersion, simulateCooling, type CoolingInput } from './cooling';
import {
  deriveInputs,
  type DeliveryFacts,
  type DeliveryForecast,
  type DeliveryInputs,
  type DeliveryState,
} from './delivery';
import { reasonText } from './reasons';
import { neededRollingMinutes, type CompactionSettings } from './settings';
import { hardStop, needsPerson, type Outcome } from './state-rules';

interface Judged {
  outcome: Outcome;
  available: number | null;
}

/** What the cooling model runs on for a delivery's inputs and its forecast hour. */
export function coolingInput(
  inputs: DeliveryInputs,
  forecast: DeliveryForecast,
  dateTime: Date,
): CoolingInput {
  return {
    thicknessMm: inputs.thicknessMm,
    layingTemperature: inputs.layingTemperature,
    airTemperature: forecast.airTemperature,
    windSpeedKmh: forecast.windSpeedKmh,
    cloudCoverPercent: forecast.cloudCoverPercent,
    shortwaveRadiation: forecast.shortwaveRadiation ?? undefined,
    latitude: inputs.latitude,
    longitude: inputs.longitude,
    dateTime,
    baseTemperature: inputs.baseTemperature ?? undefined,
    mixType: inputs.mixType,
    baseType: inputs.baseType,
    baseWet: inputs.baseWet,
    baseFrozen: inputs.baseFrozen,
  };
}

/** Time available against time needed; the warm-mix run only when the hot mix falls short. */
function judge(
  facts: DeliveryFacts,
  inputs: DeliveryInputs,
  forecast: DeliveryForecast,
  needed: number,
  settings: CompactionSettings,
): Judged {
  const input = coolingInput(inputs, forecast, facts.dateTime);
  const hot = simulateCooling({ ...input, stopTemperature: inputs.stopTemperature }, settings);
  const available = hot.availableMinutes;
  const params = {
    availableMinutes: available,
    neededMinutes: needed,
    reachedStop: hot.reachedStop,
  };
  if (available >= settings.greenMultiple * needed) {
    return { outcome: ['G', 'green', params], available };
  }
  if (available >= settings.amberMultiple * needed) {
    return { outcome: ['A', 'amber', params], available };
  }
  if (inputs.warmMixStopTemperature === null) return { outcome: ['R', 'red', params], available };
  const warm = simulateCooling(
    { ...input, stopTemperature: inputs.warmMixStopTemperature },
    settings,
  );
  const withWarmMix = { ...params, warmMixMinutes: warm.availableMinutes };
  const state = warm.availableMinutes >= needed ? 'Y' : 'R';
  return { outcome: [state, state === 'Y' ? 'yellow' : 'red', withWarmMix], available };
}

function evaluate(
  facts: DeliveryFacts,
  inputs: DeliveryInputs,
  needed: number,
  settings: CompactionSettings,
): Judged {
  const stop = hardStop(facts, inputs, settings);
  if (stop) return { outcome: stop, available: null };
  if (!facts.forecast) return { outcome: ['M', 'noForecast', {}], available: null };
  const person = needsPerson(facts, facts.forecast, settings);
  if (person) return { outcome: person, available: null };
  return judge(facts, inputs, facts.forecast, needed, settings);
}

/**
 * The state of one delivery: hard stops (R), then what needs a person (M), then the time
 * available for compaction against the crew's rolling time (G, A), then the warm-mix additive
 * (Y), else R. Pure: the caller supplies the forecast and the settings.
 *
 * @example deliveryState(facts, defaultCompactionSettings).reason
 *   // "11.5 min available, 8 min needed: tight (amber)"
 */
export function deliveryState(facts: DeliveryFacts, settings: CompactionSettings): DeliveryState {
  const inputs = deriveInputs(facts, settings);
  const neededMinutes = neededRollingMinutes(facts.thicknessMm, settings);
  const { outcome, available } = evaluate(facts, inputs, neededMinutes, settings);
  const [state, reasonCode, reasonParams] = outcome;
  return {
    state,
    availableMinutes: available,
    neededMinutes,
    reason: reasonText(reasonCode, reasonParams),
    reasonCode,
    reasonParams,
    modelVersion: coolingModelVersion,
    inputs,
  };
}
