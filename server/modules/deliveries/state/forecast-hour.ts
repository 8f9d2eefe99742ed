import type { ForecastHour } from '#metadata';
import type { DeliveryForecast } from '../../../domain/compaction';

const hourMs = 3_600_000;
/** Some providers forecast in 3-hour steps: an hour stands for the time up to the next one. */
export const longestForecastStepMs = 3 * hourMs;

/**
 * The hour of a forecast (hours in time order) that contains `at`: the last one starting at or
 * before it, within a forecast step; undefined when the forecast does not reach that time.
 */
export function hourContaining(hours: readonly ForecastHour[], at: Date): ForecastHour | undefined {
  const time = at.getTime();
  let low = 0;
  let high = hours.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (Date.parse(hours[middle]!.time) <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const hour = hours[found];
  if (!hour) return undefined;
  return time - Date.parse(hour.time) < longestForecastStepMs ? hour : undefined;
}

/**
 * A forecast hour as the compaction model reads it. An unknown cloud cover counts as clear
 * sky, as the compaction calculator takes it.
 */
export function deliveryForecastOf(hour: ForecastHour): DeliveryForecast {
  return {
    airTemperature: hour.airTemperature,
    windSpeedKmh: hour.windSpeedKmh,
    cloudCoverPercent: hour.cloudCoverPercent ?? 0,
    shortwaveRadiation: hour.shortwaveRadiation,
    precipitationMm: hour.precipitationMm,
    precipitationProbability: hour.precipitationProbability,
  };
}
