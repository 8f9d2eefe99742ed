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
