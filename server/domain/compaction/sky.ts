import type { CompactionSettings } from './settings';

export const kelvin = 273.15;

/**
 * Effective sky temperature for long-wave exchange, K. PaveCool (the default) takes the sky at
 * air temperature by day and at about 225 K at night; Swinbank's clear sky blended with cloud
 * is the alternative, and ignores day and night.
 */
export function skyTemperatureK(
  airTemperature: number,
  cloudFraction: number,
  isDay: boolean,
  settings: Pick<CompactionSettings, 'skyModel' | 'nightSkyTemperatureK'>,
): number {
  const air = airTemperature + kelvin;
  if (settings.skyModel === 'pavecool') return isDay ? air : settings.nightSkyTemperatureK;
  const clear = 0.0552 * air ** 1.5;
  return ((1 - cloudFraction) * clear ** 4 + cloudFraction * air ** 4) ** 0.25;
}
