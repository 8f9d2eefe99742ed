import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';

/** One registered route, as the server declared it. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server registered, in registration order (HEAD twins left out). */
    readonly routeTable: readonly RouteEntry[];
  }
}

/**
 * Records every route as it is registered, with its schema and config, so that what the
 * server serves can be walked without anyone listing it by hand (the route contract test,
 * the spec coverage gauge). Registered before any route.
 */
export const routeTablePlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD twin beside each GET; the API declares no HEAD route of its own.
        if (method === 'HEAD') continue;
        table.push({
          method,
          url: route.url,
          schema: route.schema,
          config: route.config ?? {},
        });
      }
    });
  },
  { name: 'route-table' },
);
