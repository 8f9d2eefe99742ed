import { createContext, useContext } from 'react';
import type { RouteDefinition } from '#metadata';

/** The route definitions the router serves (those with a registered screen). */
export const RouteDefinitionsContext = createContext<readonly RouteDefinition[]>([]);

/**
 * The routed definitions, e.g. to check a link's permission before showing it.
 *
 * @example const routes = useRouteDefinitions();
 */
export function useRouteDefinitions(): readonly RouteDefinition[] {
  return useContext(RouteDefinitionsContext);
}

/** The definition of the route on screen (its GridPage, Title, Permission...). */
export const CurrentRouteContext = createContext<RouteDefinition | null>(null);

/**
 * The definition of the route that opened the calling screen.
 *
 * @example const { GridPage } = useCurrentRoute();
 */
export function useCurrentRoute(): RouteDefinition {
  const route = useContext(CurrentRouteContext);
  if (!route) throw new Error('useCurrentRoute is used outside a routed screen.');
  return route;
}
