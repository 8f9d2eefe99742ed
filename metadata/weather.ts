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
    /** `postcodes.io` (online) or `offline` (the built-in table). */
    source: { type: 'string' },
  },
} as const;
export type Geolocation = FromSchema<typeof geolocationSchema>;

/** One hour (or three) of a normalised forecast; units converted once, at the provider. */
export const forecastHourSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'time',
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
  ],
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
