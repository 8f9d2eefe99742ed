import type { CompactionSettings } from './settings';
import { skyTemperatureK } from './sky';
import { sunTrack } from './solar';

const stefanBoltzmann = 5.670374419e-8;
const kmPerMile = 1.609344;

/** What the weather does to the surface, for the current minute. */
export interface SurfaceConditions {
  /** Convection coefficient h, W/m2K. */
  convection: number;
  airTemperature: number;
  /** Absorbed short-wave flux, W/m2. */
  absorbedSolar: number;
  /** Emissivity times Stefan-Boltzmann, W/m2K4. */
  radiation: number;
  /** Sky temperature to the fourth power, K4. */
  skyK4: number;
}

export interface Weather {
  airTemperature: number;
  windSpeedKmh: number;
  cloudCoverPercent?: number;
  shortwaveRadiation?: number;
  latitude?: number;
  longitude?: number;
  dateTime?: Date;
}

/** PaveCool's convection, wind in mph. */
export function convectionCoefficient(windSpeedKmh: number, settings: CompactionSettings): number {
  const mph = windSpeedKmh / kmPerMile;
  return (
    settings.convectionScale *
    (settings.convectionBase +
      settings.convectionWindFactor * mph ** settings.convectionWindExponent)
  );
}

/**
 * Surface conditions that follow the sun through the run. A forecast's short-wave radiation G
 * replaces the clear-sky model S (1 - C) and is held for the run (it is the hour's value).
 * Without a place and time the sun is left out, and the sky is taken as by day.
 */
export function createSurface(
  weather: Weather,
  settings: CompactionSettings,
): { conditions: SurfaceConditions; update: (minute: number) => void } {
  const cloud = Math.min(1, Math.max(0, (weather.cloudCoverPercent ?? 0) / 100));
  const { latitude, longitude, dateTime, shortwaveRadiation } = weather;
  const located = latitude !== undefined && longitude !== undefined && dateTime !== undefined;
  const conditions: SurfaceConditions = {
    convection: convectionCoefficient(weather.windSpeedKmh, settings),
    airTemperature: weather.airTemperature,
    absorbedSolar: 0,
    radiation: settings.emissivity * stefanBoltzmann,
    skyK4: 0,
  };
  const setSky = (isDay: boolean) => {
    conditions.skyK4 = skyTemperatureK(weather.airTemperature, cloud, isDay, settings) ** 4;
  };
  if (shortwaveRadiation !== undefined) {
    conditions.absorbedSolar = settings.absorptivity * Math.max(0, shortwaveRadiation);
  }
  if (!located) {
    setSky(shortwaveRadiation === undefined || shortwaveRadiation > 0);
    return { conditions, update: () => {} };
  }
  const sunAt = sunTrack(latitude, longitude, dateTime);
  const update = (minute: number) => {
    const sun = sunAt(minute);
    setSky(sun.cosZenith > 0);
    if (shortwaveRadiation === undefined) {
      conditions.absorbedSolar = settings.absorptivity * sun.clearSkyFlux * (1 - cloud);
    }
  };
  update(0);
  return { conditions, update };
}
