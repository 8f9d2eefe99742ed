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
import { metresPerSecondToKmh, orNull, tidy } from './units';
import { wmoFromOpenWeatherMap, wmoWeatherText } from './weather-codes';

export interface OpenWeatherMapOptions extends HttpProviderOptions {
  apiKey: string;
}

export const openWeatherMapBaseUrl = 'https://api.openweathermap.org';

/**
 * OpenWeatherMap's 5 day / 3 hour forecast, asked in metric units (°C, m/s). Each entry
 * stands for three hours; its rain and snow are the 3-hour totals.
 */
export class OpenWeatherMapProvider implements WeatherProvider {
  readonly name = 'openweathermap';
  readonly simulated = false;

  constructor(private readonly options: OpenWeatherMapOptions) {}

  async forecast(point: GeoPoint, { signal }: ForecastOptions = {}): Promise<ForecastHour[]> {
    const url = endpoint(this.options.baseUrl ?? openWeatherMapBaseUrl, '/data/2.5/forecast', {
      lat: String(point.latitude),
      lon: String(point.longitude),
      appid: this.options.apiKey,
      units: 'metric',
    });
    const body = await fetchJson(url, requestOptions(this.name, this.options, { signal }));
    return normaliseOpenWeatherMap(body);
  }
}

export function normaliseOpenWeatherMap(body: unknown): ForecastHour[] {
  const root = fields(body);
  // Some OpenWeatherMap errors come with status 200 and the real one in `cod`.
  const cod = numberOrNull(root.cod);
  if (cod !== null && cod >= 400) {
    const detail = textOrNull(root.message);
    const message = `openweathermap answered ${cod}${detail ? `: ${detail}` : ''}`;
    throw new ProviderError('openweathermap', 'http', message, cod);
  }
  const hours = list(root.list).map((entry): ForecastHour | null => {
    const item = fields(entry);
    const main = fields(item.main);
    const wind = fields(item.wind);
    const time = instant(item.dt);
    const temperature = numberOrNull(main.temp);
    const windSpeed = numberOrNull(wind.speed);
    if (time === null || temperature === null || windSpeed === null) return null;
    const condition = fields(list(item.weather)[0]);
    const weatherCode = wmoFromOpenWeatherMap(numberOrNull(condition.id));
    const description = textOrNull(condition.description);
    return {
      time,
      airTemperature: temperature,
      windSpeedKmh: metresPerSecondToKmh(windSpeed),
      windGustKmh: orNull(numberOrNull(wind.gust), metresPerSecondToKmh),
      windDirection: numberOrNull(wind.deg),
      cloudCoverPercent: numberOrNull(fields(item.clouds).all),
      shortwaveRadiation: null,
      precipitationProbability: orNull(numberOrNull(item.pop), (pop) => tidy(pop * 100)),
      precipitationMm: precipitation(item),
      weatherCode,
      weatherText: description ? capitalise(description) : wmoWeatherText(weatherCode),
    };
  });
  return usableHours('openweathermap', hours);
}

/** OpenWeatherMap leaves `rain` and `snow` out when none falls, so their absence is 0 mm. */
function precipitation(item: Record<string, unknown>): number {
  const rain = numberOrNull(fields(item.rain)['3h']) ?? 0;
  const snow = numberOrNull(fields(item.snow)['3h']) ?? 0;
  return tidy(rain + snow);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
