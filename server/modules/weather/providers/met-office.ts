import type { ForecastHour } from '#metadata';
import { fetchJson, requestOptions } from './fetch-json';
import {
  endpoint,
  usableHours,
  type ForecastOptions,
  type GeoPoint,
  type HttpProviderOptions,
  type WeatherProvider,
} from './provider';
import { fields, instant, list, numberOrNull } from './read';
import { metresPerSecondToKmh, orNull } from './units';
import { wmoFromMetOffice, wmoWeatherText } from './weather-codes';

export interface MetOfficeOptions extends HttpProviderOptions {
  apiKey: string;
}

export const metOfficeBaseUrl = 'https://data.hub.api.metoffice.gov.uk/sitespecific/v0';

/**
 * Met Office Weather DataHub, site-specific (Global Spot) hourly forecast: 48 hours, wind in
 * m/s, temperature in °C, no cloud cover or radiation in the hourly product.
 */
export class MetOfficeProvider implements WeatherProvider {
  readonly name = 'met-office';
  readonly simulated = false;

  constructor(private readonly options: MetOfficeOptions) {}

  async forecast(point: GeoPoint, { signal }: ForecastOptions = {}): Promise<ForecastHour[]> {
    const url = endpoint(this.options.baseUrl ?? metOfficeBaseUrl, '/point/hourly', {
      latitude: String(point.latitude),
      longitude: String(point.longitude),
      includeLocationName: 'true',
      excludeParameterMetadata: 'true',
    });
    const headers = { apikey: this.options.apiKey };
    const body = await fetchJson(url, requestOptions(this.name, this.options, { signal, headers }));
    return normaliseMetOffice(body);
  }
}

export function normaliseMetOffice(body: unknown): ForecastHour[] {
  const feature = fields(list(fields(body).features)[0]);
  const series = list(fields(feature.properties).timeSeries);
  const hours = series.map((entry): ForecastHour | null => {
    const step = fields(entry);
    const time = instant(step.time);
    const temperature = numberOrNull(step.screenTemperature);
    const windSpeed = numberOrNull(step.windSpeed10m);
    if (time === null || temperature === null || windSpeed === null) return null;
    const weatherCode = wmoFromMetOffice(numberOrNull(step.significantWeatherCode));
    return {
      time,
      airTemperature: temperature,
      windSpeedKmh: metresPerSecondToKmh(windSpeed),
      windGustKmh: orNull(numberOrNull(step.windGustSpeed10m), metresPerSecondToKmh),
      windDirection: numberOrNull(step.windDirectionFrom10m),
      cloudCoverPercent: null,
      shortwaveRadiation: null,
      precipitationProbability: numberOrNull(step.probOfPrecipitation),
      precipitationMm: numberOrNull(step.totalPrecipAmount),
      weatherCode,
      weatherText: wmoWeatherText(weatherCode),
    };
  });
  return usableHours('met-office', hours);
}
