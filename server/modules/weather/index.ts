/** The weather module's door: what other parts of the server may use. */
export { onForecastChanged, onRefreshRunEnded } from './forecast-events';
export type { ForecastChange } from './forecast-events';
export { forecastHtml } from './forecast-html';
export { refreshSite } from './forecasts';
export {
  findForecastFetch,
  forecastHoursFrom,
  recordForecastFetch,
} from './repositories/weather-forecasts';
export type { ForecastFetchRow } from './repositories/weather-forecasts';
export { insertMissingWeatherSites, listActiveWeatherSites } from './repositories/weather-sites';
export type { WeatherSiteRow } from './repositories/weather-sites';
export { weatherSettings } from './weather-settings';
