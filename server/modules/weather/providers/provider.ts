import type { ForecastHour } from '#metadata';

export type ProviderName = 'open-meteo' | 'met-office' | 'openweathermap' | 'simulated';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface ForecastOptions {
  signal?: AbortSignal;
}

/** A source of forecasts. Every adapter converts units once, here, into `ForecastHour`s. */
export interface WeatherProvider {
  name: ProviderName;
  /** True only for the offline simulated provider, so nobody mistakes it for a forecast. */
  simulated: boolean;
  /** Hours in ascending time order, from about now on. */
  forecast(point: GeoPoint, options?: ForecastOptions): Promise<ForecastHour[]>;
}

/** What every HTTP adapter takes: the base URL and key are settings. */
export interface HttpProviderOptions {
  baseUrl?: string;
  apiKey?: string;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
}

export type ProviderErrorKind = 'timeout' | 'http' | 'bad-response' | 'network';

/**
 * A provider that failed to answer usefully. Messages never hold the request URL: for some
 * providers it carries the API key.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly kind: ProviderErrorKind,
    message: string,
    /** The HTTP status, for `http` errors. */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** The configuration cannot work (a provider that needs a key has none, an unknown name). */
export class ProviderConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderConfigurationError';
  }
}

/** `https://host/base/` + `path` → `https://host/base/path`, keeping any path of the base. */
export function endpoint(baseUrl: string, path: string, query: Record<string, string>): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** Drops the hours a provider left without time, temperature or wind; none left is an error. */
export function usableHours(
  provider: ProviderName,
  hours: (ForecastHour | null)[],
): ForecastHour[] {
  const usable = hours.filter((hour): hour is ForecastHour => hour !== null);
  if (usable.length === 0) {
    throw new ProviderError(provider, 'bad-response', `${provider} answered with no usable hours`);
  }
  return usable.sort((a, b) => a.time.localeCompare(b.time));
}
