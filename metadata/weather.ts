import type { FromSchema } from 'json-schema-to-ts';

/** A forecast site, as `api/WeatherForecast/GetNNearest` lists it (distance in km). */
export const weatherSiteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'latitude', 'longitude'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    /** Great-circle distance from the point asked about, km (earth radius 6371.01 km). */
    distance: { type: 'number' },
  },
} as const;
export type WeatherSite = FromSchema<typeof weatherSiteSchema>;

/** Where a postcode is: `precision` says how closely (the full postcode, its district or area). */
export const geolocationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['postcode', 'latitude', 'longitude', 'precision', 'source'],
  properties: {
    /** The postcode as normalised (`SW1A 1AA`, or an outcode such as `EH1`). */
    postcode: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    precision: { type: 'string', enum: ['postcode', 'outcode', 'area'] },
    /** `postcodes.io` (online) or `offline` (imported districts, else the built-in areas). */
    source: { type: 'string' },
  },
} as const;
export type Geolocation = FromSchema<typeof geolocationSchema>;

/** The values of a forecast hour besides its time, e.g. to compare two forecasts. */
export const forecastValueFields = [
  'airTemperature',
  'windSpeedKmh',
  'windGustKmh',
  'windDirection',
  'cloudCoverPercent',
  'shortwaveRadiation',
  'precipitationProbability',
  'precipitationMm',
  'weatherCode',
  'weatherText',
] as const;

/** One hour (or three) of a normalised forecast; units converted once, at the provider. */
export const forecastHourSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['time', ...forecastValueFields],
  properties: {
    /** ISO 8601 instant in UTC. */
    time: { type: 'string' },
    airTemperature: { type: 'number' },
    windSpeedKmh: { type: 'number' },
    windGustKmh: { type: ['number', 'null'] },
    /** Degrees from north the wind blows from. */
    windDirection: { type: ['number', 'null'] },
    cloudCoverPercent: { type: ['number', 'null'] },
    /** Global horizontal irradiance, W/m2, when the provider gives it. */
    shortwaveRadiation: { type: ['number', 'null'] },
    precipitationProbability: { type: ['number', 'null'] },
    precipitationMm: { type: ['number', 'null'] },
    /** WMO weather interpretation code (0 clear ... 99 thunderstorm with hail). */
    weatherCode: { type: ['integer', 'null'] },
    weatherText: { type: 'string' },
  },
} as const;
export type ForecastHour = FromSchema<typeof forecastHourSchema>;
forecastValueFields satisfies readonly (keyof ForecastHour)[];

/** A forecast for a site or a point, as `api/WeatherForecast/GetWeatherForecast` answers it. */
export const forecastSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['latitude', 'longitude', 'provider', 'simulated', 'fetchedAt', 'stale', 'hours'],
  properties: {
    siteId: { type: ['integer', 'null'] },
    siteName: { type: ['string', 'null'] },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    /** `open-meteo`, `met-office`, `openweathermap` or `simulated`. */
    provider: { type: 'string' },
    /** True for the offline simulated provider: never to be mistaken for a real forecast. */
    simulated: { type: 'boolean' },
    /** When it was fetched from the provider (ISO 8601). */
    fetchedAt: { type: 'string' },
    /** True when the last refresh failed and this forecast is older than allowed. */
    stale: { type: 'boolean' },
    hours: { type: 'array', items: forecastHourSchema },
  },
} as const;
export type Forecast = FromSchema<typeof forecastSchema>;

/** The screen's messages (spec): a postcode that does not resolve, and a missing forecast. */
export const weatherMessages = {
  invalidPostcode: 'Invalid postcode',
  forecastNotFound: 'For the selected site, the weather forecast was not found at the moment.',
} as const;

/**
 * WMO present-weather codes (table 4677) the providers send, with their English texts:
 * Open-Meteo's set, plus the few the other providers need (mist, haze, sleet, hail showers).
 */
export const wmoWeatherTexts: Readonly<Record<number, string>> = {
  0: 'Clear sky',
  1: 'Mainly clear',
  2: 'Partly cloudy',
  3: 'Overcast',
  5: 'Haze',
  10: 'Mist',
  18: 'Squalls',
  19: 'Funnel cloud',
  45: 'Fog',
  48: 'Depositing rime fog',
  51: 'Light drizzle',
  53: 'Moderate drizzle',
  55: 'Dense drizzle',
  56: 'Light freezing drizzle',
  57: 'Dense freezing drizzle',
  61: 'Slight rain',
  63: 'Moderate rain',
  65: 'Heavy rain',
  66: 'Light freezing rain',
  67: 'Heavy freezing rain',
  68: 'Light sleet',
  69: 'Sleet',
  71: 'Slight snow fall',
  73: 'Moderate snow fall',
  75: 'Heavy snow fall',
  77: 'Snow grains',
  80: 'Slight rain showers',
  81: 'Moderate rain showers',
  82: 'Violent rain showers',
  83: 'Light sleet showers',
  84: 'Sleet showers',
  85: 'Slight snow showers',
  86: 'Heavy snow showers',
  89: 'Hail showers',
  90: 'Heavy hail showers',
  95: 'Thunderstorm',
  96: 'Thunderstorm with slight hail',
  99: 'Thunderstorm with heavy hail',
};
