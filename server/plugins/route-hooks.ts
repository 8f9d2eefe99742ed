import type { onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';

type AddedHook = 'onRequest' | 'preValidation';

/** How many hooks the app's plugins have put ahead of each route's own, per kind. */
const addedAhead = new WeakMap<RouteOptions, Record<AddedHook, number>>();

function withHookAt<Hook>(hooks: Hook | Hook[] | undefined, hook: Hook, index: number): Hook[] {
  const list = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  return [...list.slice(0, index), hook, ...list.slice(index)];
}

function nextIndex(route: RouteOptions, kind: AddedHook): number {
  const counts = addedAhead.get(route) ?? { onRequest: 0, preValidation: 0 };
  addedAhead.set(route, { ...counts, [kind]: counts[kind] + 1 });
  return counts[kind];
}

/**
 * Gives one route (from an `onRoute` hook) a hook that only some routes need, where a hook
 * of the whole app would run on every request and do nothing on most: a `GET /health` or a
 * static file pays nothing for a session or a permission it never checks. The hook runs
 * where an app-wide one would: after the app-wide hooks, before the route's own, and after
 * the hooks plugins registered earlier gave the route. A new list each time, never a change
 * to the route's own: Fastify copies a GET's options for its HEAD twin, which gets its own.
 *
 * @example
 * app.addHook('onRoute', (route) => {
 *   if (route.config?.stateChanging) addRouteOnRequest(route, refuseForeignCalls);
 * });
 */
export function addRouteOnRequest(route: RouteOptions, hook: onRequestHookHandler): void {
  route.onRequest = withHookAt(route.onRequest, hook, nextIndex(route, 'onRequest'));
}

/** As addRouteOnRequest, for a `preValidation` hook. */
export function addRoutePreValidation(route: RouteOptions, hook: preValidationHookHandler): void {
  route.preValidation = withHookAt(route.preValidation, hook, nextIndex(route, 'preValidation'));
}
