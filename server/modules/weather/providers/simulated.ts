import LatLon from 'geodesy/latlon-spherical.js';
import type { ForecastHour } from '#metadata';
import { clearSkySolarFlux } from '../../../domain/compaction/index';
import type { GeoPoint, WeatherProvider } from './provider';
import { wmoWeatherText } from './weather-codes';

export interface SimulatedOptions {
  now?: () => Date;
}

const hourMs = 3_600_000;
const dayMs = 86_400_000;
export const simulatedHours = 168;
/** The middle of England; distance from it stands in for nearness to the sea. */
const midlands = new LatLon(52.6, -1.6);

/**
 * Plausible UK weather for demos and tests, with no network: a seasonal and daily temperature
 * cycle, and wind, cloud and showers from a seeded function of place and hour. An hour's
 * weather depends only on the place and the hour, so two forecasts agree where they overlap.
 */
export class SimulatedProvider implements WeatherProvider {
  readonly name = 'simulated';
  readonly simulated = true;

  constructor(private readonly options: SimulatedOptions = {}) {}

  forecast(point: GeoPoint): Promise<ForecastHour[]> {
    const now = this.options.now?.() ?? new Date();
    const start = Math.floor(now.getTime() / hourMs) * hourMs;
    const hours = Array.from({ length: simulatedHours }, (_, i) =>
      simulatedHour(point, new Date(start + i * hourMs)),
    );
    return Promise.resolve(hours);
  }
}

export function simulatedHour(point: GeoPoint, time: Date): ForecastHour {
  const { latitude, longitude } = point;
  const hour = Math.round(time.getTime() / hourMs);
  const noise = placeNoise(latitude, longitude);
  const coast = Math.min(1, midlands.distanceTo(new LatLon(latitude, longitude)) / 350_000);
  const yearStart = Date.UTC(time.getUTCFullYear(), 0, 1);
  const dayOfYear = (time.getTime() - yearStart) / dayMs;
  // -1 in late January, +1 in late July.
  const season = -Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365.25);
  const solarHour = (((time.getUTCHours() + longitude / 15) % 24) + 24) % 24;

  const cloud = clamp(0.62 + 0.1 * coast - 0.08 * season + 0.9 * (noise(1, hour, 36) - 0.5), 0, 1);
  const cloudy = clamp(cloud + 0.4 * (noise(2, hour, 5) - 0.5), 0, 1);

  const mean =
    11 +
    6.5 * season * (1 - 0.2 * coast) -
    0.6 * (latitude - 51.5) +
    6 * (noise(3, hour, 60) - 0.5);
  const amplitude = (2.5 + 1.75 * (season + 1)) * (1 - 0.4 * coast) * (1.3 - 0.7 * cloudy);
  const temperature = mean + amplitude * Math.cos((2 * Math.PI * (solarHour - 15)) / 24);

  const meanWind = 15 - 4 * season + 8 * coast;
  const afternoon = 1 + 0.15 * Math.cos((2 * Math.PI * (solarHour - 14)) / 24);
  const wind = meanWind * (0.35 + 1.3 * noise(4, hour, 24)) * afternoon;
  const gust = wind * (1.35 + 0.35 * noise(5, hour, 3));
  const direction = (360 + 240 + 180 * (noise(6, hour, 48) - 0.5)) % 360;

  const showery = clamp((cloudy - 0.55) * 2.5, 0, 1) * noise(7, hour, 12);
  const raining = noise(8, hour, 1) < showery * 0.5;
  const precipitation = raining ? 0.2 + 3 * noise(9, hour, 1) * showery : 0;
  const radiation =
    clearSkySolarFlux(latitude, longitude, new Date(time.getTime() - hourMs / 2)) *
    (1 - 0.75 * cloudy ** 3.4);

  const code = weatherCode(cloudy, precipitation, temperature, wind, solarHour);
  return {
    time: time.toISOString(),
    airTemperature: round(temperature, 1),
    windSpeedKmh: round(wind, 1),
    windGustKmh: round(gust, 1),
    windDirection: Math.round(direction),
    cloudCoverPercent: Math.round(cloudy * 100),
    shortwaveRadiation: Math.round(radiation),
    precipitationProbability: Math.round(showery * 100),
    precipitationMm: round(precipitation, 1),
    weatherCode: code,
    weatherText: wmoWeatherText(code),
  };
}

function weatherCode(
  cloud: number,
  precipitation: number,
  temperature: number,
  wind: number,
  solarHour: number,
): number {
  if (precipitation > 0) {
    if (temperature < 1) return precipitation < 1.5 ? 85 : 86;
    return precipitation < 1 ? 80 : precipitation < 2.5 ? 81 : 82;
  }
  const night = solarHour < 7 || solarHour > 20;
  if (night && wind < 5 && cloud > 0.8 && temperature < 8) return 45;
  return cloud < 0.2 ? 0 : cloud < 0.45 ? 1 : cloud < 0.75 ? 2 : 3;
}

/**
 * Smooth pseudo-random values in [0, 1) for a place: for one channel, knots every `period`
 * hours joined by cosine interpolation. Weather systems are 2° wide; local detail 0.25°.
 */
function placeNoise(latitude: number, longitude: number) {
  const region = [Math.round(latitude / 2), Math.round(longitude / 2)] as const;
  const local = [Math.round(latitude * 4), Math.round(longitude * 4)] as const;
  return (channel: number, hour: number, period: number): number => {
    const cell = period >= 12 ? region : local;
    const knot = Math.floor(hour / period);
    const fraction = hour / period - knot;
    const a = hash(cell[0], cell[1], channel, knot);
    const b = hash(cell[0], cell[1], channel, knot + 1);
    const weight = (1 - Math.cos(Math.PI * fraction)) / 2;
    return a + (b - a) * weight;
  };
}

/** A 32-bit integer mix (murmur3's finaliser) of the values, scaled to [0, 1). */
function hash(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 2 ** 32;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
