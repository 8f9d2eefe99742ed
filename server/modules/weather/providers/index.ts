import { MetOfficeProvider } from './met-office';
import { OpenMeteoProvider } from './open-meteo';
import { OpenWeatherMapProvider } from './openweathermap';
import {
  ProviderConfigurationError,
  type HttpProviderOptions,
  type ProviderName,
  type WeatherProvider,
} from './provider';
import { SimulatedProvider } from './simulated';

export {
  ProviderConfigurationError,
  ProviderError,
  type ForecastOptions,
  type GeoPoint,
  type HttpProviderOptions,
  type ProviderErrorKind,
  type ProviderName,
  type WeatherProvider,
} from './provider';
export { fetchJson, type FetchJsonOptions } from './fetch-json';
export { wmoWeatherText } from './weather-codes';
export { MetOfficeProvider, OpenMeteoProvider, OpenWeatherMapProvider, SimulatedProvider };

export const providerNames = [
  'open-meteo',
  'met-office',
  'openweathermap',
  'simulated',
] as const satisfies readonly ProviderName[];

export interface WeatherProviderConfig extends HttpProviderOptions {
  provider: ProviderName;
  /** The simulated provider's clock, for tests. */
  now?: () => Date;
}

/** The adapter a configuration names; throws `ProviderConfigurationError` if it cannot work. */
export function createWeatherProvider(config: WeatherProviderConfig): WeatherProvider {
  const { provider, now, ...http } = config;
  const apiKey = http.apiKey?.trim() || undefined;
  switch (provider) {
    case 'open-meteo':
      return new OpenMeteoProvider({ ...http, apiKey });
    case 'met-office':
      return new MetOfficeProvider({ ...http, apiKey: required(provider, apiKey) });
    case 'openweathermap':
      return new OpenWeatherMapProvider({ ...http, apiKey: required(provider, apiKey) });
    case 'simulated':
      return new SimulatedProvider({ now });
    default:
      throw new ProviderConfigurationError(
        `Unknown weather provider '${String(provider)}': use one of ${providerNames.join(', ')}`,
      );
  }
}

function required(provider: ProviderName, apiKey: string | undefined): string {
  if (apiKey) return apiKey;
  throw new ProviderConfigurationError(`The weather provider ${provider} needs an API key`);
}
