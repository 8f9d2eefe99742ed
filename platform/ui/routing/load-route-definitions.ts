import type { RouteDefinition } from '#metadata';

/** Server path of the routes definition list. */
export const routesPath = '/api/routes';

/**
 * Fetches the routes definition list, bypassing every cache. When the server cannot
 * answer, the given fallback list is used so the application still starts.
 *
 * @example const definitions = await loadRouteDefinitions(routesPath, routeDefinitions);
 */
export async function loadRouteDefinitions(
  url: string = routesPath,
  fallback: readonly RouteDefinition[] = [],
): Promise<RouteDefinition[]> {
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const definitions: unknown = await response.json();
    if (!Array.isArray(definitions)) throw new Error('The routes list is not an array.');
    return definitions as RouteDefinition[];
  } catch (error) {
    console.warn('Route definitions could not be loaded; using the built-in list.', error);
    return [...fallback];
  }
}
