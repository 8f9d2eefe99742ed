import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { RouteDefinition } from '#metadata';
import { createRouteGuard, defaultGuardPaths, type GuardPaths } from './route-guard';
import { RouteDefinitionsContext } from './route-definitions-context';
import { RouteError } from './route-error';
import { RouteLoading, RouteView } from './route-view';
import { screenRegistry, type ScreenRegistry } from './screen-registry';

export interface CreateRoutesOptions {
  /** Layout around every screen; it renders `<Outlet />` where the screen goes. */
  layout?: ComponentType;
  /** Where refused users go; defaults to /login and /unauthorized. */
  guardPaths?: Partial<GuardPaths>;
  /** Where unknown URLs go; defaults to `/`. */
  homePath?: string;
}

function RouteRoot({
  definitions,
  layout: Layout,
}: {
  definitions: readonly RouteDefinition[];
  layout: ComponentType;
}) {
  return (
    <RouteDefinitionsContext.Provider value={definitions}>
      <Layout />
    </RouteDefinitionsContext.Provider>
  );
}

/**
 * Builds react-router routes from route definitions: each definition with a registered
 * screen becomes a guarded route inside the layout; any other URL redirects home.
 *
 * @example
 * const definitions = await loadRouteDefinitions();
 * const router = createBrowserRouter(createRoutes(definitions, screenRegistry, { layout: Shell }));
 */
export function createRoutes(
  definitions: readonly RouteDefinition[],
  registry: ScreenRegistry = screenRegistry,
  { layout = Outlet, guardPaths, homePath = '/' }: CreateRoutesOptions = {},
): RouteObject[] {
  const paths: GuardPaths = { ...defaultGuardPaths, ...guardPaths };
  const screenOf = (definition: RouteDefinition) => definition.Screen ?? definition.name;
  const routed = definitions.filter((definition) => registry.has(screenOf(definition)));
  const children: RouteObject[] = routed.map((definition) => ({
    id: `route:${definition.name}`,
    path: definition.route,
    loader: createRouteGuard(definition, paths),
    hydrateFallbackElement: <RouteLoading />,
    element: <RouteView definition={definition} screen={registry.get(screenOf(definition))!} />,
  }));
  children.push({ path: '*', element: <Navigate to={homePath} replace /> });
  return [
    {
      id: 'root',
      element: <RouteRoot definitions={routed} layout={layout} />,
      errorElement: <RouteError />,
      children,
    },
  ];
}
