import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { settingValue } from '../settings/index';
import { createWeatherProvider, type ProviderName, type WeatherProvider } from './providers/index';

export interface WeatherSettings {
  provider: ProviderName;
  /** '' for the provider's own address. */
  baseUrl: string;
  /** Secret: never logged, never answered. */
  apiKey: string;
  timeoutSeconds: number;
  retries: number;
  refreshMinutes: number;
  staleAfterHours: number;
  refreshSitesLimit: number;
}

/**
 * The weather settings, as their section (metadata/settings/weather.ts) states their defaults
 * and ranges. A configured deployment forecasts with Open-Meteo (or sets `Weather.Provider` to
 * `met-office` or `openweathermap`, which need `Weather.ApiKey`); `Weather.BaseUrl` is only for
 * a provider's other address (e.g. Open-Meteo's customer API) or a test server. The embedded
 * demo's seeding switches to the offline `simulated` provider.
 */
export async function weatherSettings(db: Kysely<Database>): Promise<WeatherSettings> {
  const [provider, baseUrl, apiKey, timeoutSeconds, retries] = await Promise.all([
    settingValue<string>(db, 'Weather.Provider'),
    settingValue<string>(db, 'Weather.BaseUrl'),
    settingValue<string>(db, 'Weather.ApiKey'),
    settingValue<number>(db, 'Weather.TimeoutSeconds'),
    settingValue<number>(db, 'Weather.Retries'),
  ]);
  const [refreshMinutes, staleAfterHours, refreshSitesLimit] = await Promise.all([
    settingValue<number>(db, 'Weather.RefreshMinutes'),
    settingValue<number>(db, 'Weather.StaleAfterHours'),
    settingValue<number>(db, 'Weather.RefreshSitesLimit'),
  ]);
  return {
    // An unknown name is kept, not replaced: creating the provider then fails and says why.
    provider: provider as ProviderName,
    baseUrl: baseUrl.trim(),
    apiKey,
    timeoutSeconds,
    retries: Math.floor(retries),
    refreshMinutes,
    staleAfterHours,
    refreshSitesLimit: Math.floor(refreshSitesLimit),
  };
}

/** The configured provider; throws `ProviderConfigurationError` when it cannot work. */
export function configuredProvider(settings: WeatherSettings, now?: () => Date): WeatherProvider {
  return createWeatherProvider({
    provider: settings.provider,
    now,
    baseUrl: settings.baseUrl || undefined,
    apiKey: settings.apiKey,
    timeoutMs: Math.round(settings.timeoutSeconds * 1000),
    retries: settings.retries,
  });
}

/** An error's message with the API key blotted out, in case a provider or library echoed it. */
export function withoutKey(message: string, settings: Pick<WeatherSettings, 'apiKey'>): string {
  const key = settings.apiKey.trim();
  return key.length >= 4 ? message.split(key).join('***') : message;
}
