import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cachedSetting } from '../settings-cache';
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
 * The seeded defaults. A configured deployment forecasts with Open-Meteo (or sets
 * `Weather.Provider` to `met-office` or `openweathermap`, which need `Weather.ApiKey`);
 * `Weather.BaseUrl` is only for a provider's other address (e.g. Open-Meteo's customer API) or
 * a test server. The embedded demo's seeding switches to the offline `simulated` provider.
 */
export const weatherSettingDefaults = {
  'Weather.Provider': 'open-meteo',
  'Weather.BaseUrl': '',
  'Weather.ApiKey': '',
  'Weather.TimeoutSeconds': 10,
  'Weather.Retries': 2,
  'Weather.RefreshMinutes': 60,
  'Weather.StaleAfterHours': 6,
  'Weather.RefreshSitesLimit': 50,
} as const satisfies Record<string, unknown>;

type Key = keyof typeof weatherSettingDefaults;

const read = <T>(db: Kysely<Database>, key: Key, valid: (value: unknown) => value is T) =>
  cachedSetting<unknown>(db, key, weatherSettingDefaults[key]).then((value) =>
    valid(value) ? value : (weatherSettingDefaults[key] as T),
  );

const isText = (value: unknown): value is string => typeof value === 'string';
const between =
  (min: number, max: number) =>
  (value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** The weather settings (each read at most every 15 s); a value that makes no sense is ignored. */
export async function weatherSettings(db: Kysely<Database>): Promise<WeatherSettings> {
  const [provider, baseUrl, apiKey, timeoutSeconds, retries] = await Promise.all([
    read(db, 'Weather.Provider', isText),
    read(db, 'Weather.BaseUrl', isText),
    read(db, 'Weather.ApiKey', isText),
    read(db, 'Weather.TimeoutSeconds', between(0.1, 120)),
    read(db, 'Weather.Retries', between(0, 10)),
  ]);
  const [refreshMinutes, staleAfterHours, refreshSitesLimit] = await Promise.all([
    read(db, 'Weather.RefreshMinutes', between(0.01, 7 * 24 * 60)),
    read(db, 'Weather.StaleAfterHours', between(0, 24 * 30)),
    read(db, 'Weather.RefreshSitesLimit', between(1, 10_000)),
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
