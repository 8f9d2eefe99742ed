import type { Forecast, Geolocation, WeatherSite } from '#metadata';
import { http } from '#platform/ui';

export const weatherPaths = {
  postcode: '/api/WeatherForecast/GetGeolocationByPostcode',
  nearest: '/api/WeatherForecast/GetNNearest',
  forecast: '/api/WeatherForecast/GetWeatherForecast',
} as const;

/** How many sites the search offers (spec: the 6 nearest). */
export const nearestCount = 6;

/** Where a postcode is; the client passes postcode errors back without a dialog. */
export function findPostcode(postcode: string, signal?: AbortSignal): Promise<Geolocation> {
  return http.get<Geolocation>(weatherPaths.postcode, { query: { postcode }, signal });
}

/** The forecast sites nearest a point, nearest first; errors come back to the page. */
export function findNearestSites(
  point: { latitude: number; longitude: number },
  signal: AbortSignal,
): Promise<WeatherSite[]> {
  return http.get<WeatherSite[]>(weatherPaths.nearest, {
    query: { latitude: point.latitude, longitude: point.longitude, n: nearestCount },
    signal,
    errorHandling: 'none',
  });
}

/** A site's forecast; a 404 means there is none at the moment. */
export function fetchForecast(siteId: number, signal: AbortSignal): Promise<Forecast> {
  return http.get<Forecast>(weatherPaths.forecast, {
    query: { siteId },
    signal,
    errorHandling: 'none',
  });
}
