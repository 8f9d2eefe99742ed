import type { ForecastHour } from '#metadata';
import { fetchJson, requestOptions } from './fetch-json';
import {
  endpoint,
  ProviderError,
  usableHours,
  type ForecastOptions,
  type GeoPoint,
  type HttpProviderOptions,
  type WeatherProvider,
} from './provider';
import { fields, instant, list, numberOrNull, textOrNull } from './read';
import { celsiusFrom, kmhFactor, orNull, toKmh } from './units';
import { wmoCodeOrNull, wmoWeatherText } from './weather-codes';

export interface OpenMeteoOptions extends HttpProviderOptions {
  /** 1 to 16; 7 by default. */
  forecastDays?: number;
}

/** The free API, for non-commercial use; the customer API is `https://customer-api.open-meteo.com`. */
export const openMeteoBaseUrl = 'https://api.open-meteo.com';

const hourlyVariables = [
  'temperature_2m',
  'wind_speed_10m',
  'wind_gusts_10m',
  'wind_direction_10m',
  'cloud_cover',
  'shortwave_radiation',
  'precipitation_probability',
  'precipitation',
  'weather_code',
] as const;

/** Open-Meteo's forecast API, hourly; the key, when there is one, goes in `apikey`. */
export class OpenMeteoProvider implements WeatherProvider {
  readonly name = 'open-meteo';
  readonly simulated = false;

  constructor(private readonly options: OpenMeteoOptions = {}) {}

  async forecast(point: GeoPoint, { signal }: ForecastOptions = {}): Promise<ForecastHour[]> {
    const query: Record<string, string> = {
      latitude: String(point.latitude),
      longitude: String(point.longitude),
      hourly: hourlyVariables.join(','),
      wind_speed_unit: 'kmh',
      timezone: 'UTC',
      forecast_days: String(this.options.forecastDays ?? 7),
    };
    if (this.options.apiKey) query.apikey = this.options.apiKey;
    const url = endpoint(this.options.baseUrl ?? openMeteoBaseUrl, '/v1/forecast', query);
    const body = await fetchJson(url, requestOptions(this.name, this.options, { signal }));
    return normaliseOpenMeteo(body);
  }
}

export function normaliseOpenMeteo(body: unknown): ForecastHour[] {
  const root = fields(body);
  const hourly = fields(root.hourly);
  const units = fields(root.hourly_units);
  const offsetSeconds = numberOrNull(root.utc_offset_seconds) ?? 0;
  const speedUnit = textOrNull(units.wind_speed_10m) ?? 'km/h';
  const gustUnit = textOrNull(units.wind_gusts_10m) ?? speedUnit;
  const temperatureUnit = textOrNull(units.temperature_2m) ?? '°C';
  const speedFactor = kmhFactor(speedUnit);
  const gustFactor = kmhFactor(gustUnit);
  const toCelsius = celsiusFrom(temperatureUnit);
  if (speedFactor === undefined || gustFactor === undefined || toCelsius === undefined) {
    const message = `open-meteo answered in units it was not asked for (${speedUnit}, ${gustUnit}, ${temperatureUnit})`;
    throw new ProviderError('open-meteo', 'bad-response', message);
  }
  const columns = Object.fromEntries(hourlyVariables.map((name) => [name, list(hourly[name])]));
  const value = (name: (typeof hourlyVariables)[number], i: number) =>
    numberOrNull(columns[name]?.[i]);

  const hours = list(hourly.time).map((rawTime, i): ForecastHour | null => {
    const time = localTime(rawTime, offsetSeconds);
    const temperature = value('temperature_2m', i);
    const windSpeed = value('wind_speed_10m', i);
    if (time === null || temperature === null || windSpeed === null) return null;
    const weatherCode = wmoCodeOrNull(value('weather_code', i));
    return {
      time,
      airTemperature: toCelsius(temperature),
      windSpeedKmh: toKmh(windSpeed, speedFactor),
      windGustKmh: orNull(value('wind_gusts_10m', i), (gust) => toKmh(gust, gustFactor)),
      windDirection: value('wind_direction_10m', i),
      cloudCoverPercent: value('cloud_cover', i),
      shortwaveRadiation: value('shortwave_radiation', i),
      precipitationProbability: value('precipitation_probability', i),
      precipitationMm: value('precipitation', i),
      weatherCode,
      weatherText: wmoWeatherText(weatherCode),
    };
  });
  return usableHours('open-meteo', hours);
}

/** Open-Meteo writes times in the asked time zone without a designator (`2025-03-12T13:00`). */
function localTime(value: unknown, offsetSeconds: number): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) {
    const utc = Date.parse(`${value}Z`) - offsetSeconds * 1000;
    return Number.isFinite(utc) ? new Date(utc).toISOString() : null;
  }
  return instant(value);
}
