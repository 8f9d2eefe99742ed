import {
  choiceSchema,
  integerBetween,
  numberBetween,
  optionalUrlSchema,
  type SettingSection,
} from './setting-definition';

export const weatherSettingsSection: SettingSection = {
  id: 'Weather',
  title: 'SETTINGS.SECTION.WEATHER',
  settings: [
    {
      key: 'Weather.Provider',
      schema: choiceSchema([
        ['open-meteo', 'SETTINGS.WEATHER.PROVIDER.OPEN_METEO'],
        ['met-office', 'SETTINGS.WEATHER.PROVIDER.MET_OFFICE'],
        ['openweathermap', 'SETTINGS.WEATHER.PROVIDER.OPENWEATHERMAP'],
        ['simulated', 'SETTINGS.WEATHER.PROVIDER.SIMULATED'],
      ]),
      default: 'open-meteo',
      title: 'SETTINGS.WEATHER.PROVIDER',
      description: 'SETTINGS.WEATHER.PROVIDER_HINT',
    },
    {
      key: 'Weather.BaseUrl',
      schema: optionalUrlSchema,
      default: '',
      title: 'SETTINGS.WEATHER.BASE_URL',
      description: 'SETTINGS.WEATHER.BASE_URL_HINT',
    },
    {
      key: 'Weather.ApiKey',
      schema: { type: 'string', minLength: 1, maxLength: 500 },
      default: '',
      title: 'SETTINGS.WEATHER.API_KEY',
      description: 'SETTINGS.WEATHER.API_KEY_HINT',
      secret: true,
    },
    {
      key: 'Weather.TimeoutSeconds',
      schema: numberBetween(0.1, 120),
      default: 10,
      title: 'SETTINGS.WEATHER.TIMEOUT',
      unit: 'SETTINGS.UNIT.SECONDS',
    },
    {
      key: 'Weather.Retries',
      schema: integerBetween(0, 10),
      default: 2,
      title: 'SETTINGS.WEATHER.RETRIES',
    },
    {
      key: 'Weather.RefreshMinutes',
      schema: numberBetween(0.01, 7 * 24 * 60),
      default: 60,
      title: 'SETTINGS.WEATHER.REFRESH',
      description: 'SETTINGS.WEATHER.REFRESH_HINT',
      unit: 'SETTINGS.UNIT.MINUTES',
    },
    {
      key: 'Weather.StaleAfterHours',
      schema: numberBetween(0, 24 * 30),
      default: 6,
      title: 'SETTINGS.WEATHER.STALE_AFTER',
      unit: 'SETTINGS.UNIT.HOURS',
    },
    {
      key: 'Weather.RefreshSitesLimit',
      schema: integerBetween(1, 10_000),
      default: 50,
      title: 'SETTINGS.WEATHER.SITES_LIMIT',
      description: 'SETTINGS.WEATHER.SITES_LIMIT_HINT',
    },
    {
      key: 'Weather.PostcodeLookupUrl',
      schema: optionalUrlSchema,
      default: '',
      title: 'SETTINGS.WEATHER.POSTCODE_URL',
      description: 'SETTINGS.WEATHER.POSTCODE_URL_HINT',
    },
  ],
};
