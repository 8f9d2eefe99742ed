import { type RouteDefinition, routeDefinitions } from '#metadata';

const added: RouteDefinition[] = [];

/**
 * Adds the screens a module brings (their routes: name, path, permission) to the list the
 * browser starts with; a route already listed (by name) is left as it is. Idempotent.
 */
export function registerScreenRoutes(routes: readonly RouteDefinition[]): void {
  for (const route of routes) {
    const known = (name: string) => screenRoutes().some((listed) => listed.name === name);
    if (!known(route.name)) added.push(route);
  }
}

/** Every screen's route: the platform's and the modules'. */
export const screenRoutes = (): readonly RouteDefinition[] =>
  added.length === 0 ? routeDefinitions : [...routeDefinitions, ...added];
