import type { RouteEntry } from '../../plugins/route-table';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A successful call of the route that changes something leaves a record of who did what:
     * a change-log entry (a save through the engine, a design, settings, the menu) or a
     * login-audit row (a sign-in). Shown as Audited in the list of web services.
     */
    audited?: boolean;
  }
}

/** Whether a route of the table is part of the API (not the browser app or its files). */
export const isApiRoute = (route: RouteEntry) =>
  route.url.startsWith('/api/') || route.url.startsWith('/odata/');

export const isAudited = (route: RouteEntry) => route.config.audited === true;
