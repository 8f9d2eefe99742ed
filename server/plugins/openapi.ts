import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * OpenAPI description of every route, built from the routes' own schemas and served at
 * `GET /api/openapi.json`. Registered before the routes so that it sees them all.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Asphalt Delivery Scheduler API',
          description: 'Deliveries, weather, compaction and the administration platform.',
          version: '1',
        },
      },
      hideUntagged: false,
    });
    app.get(
      '/api/openapi.json',
      { config: { permission: 'everybody' }, schema: { hide: true } },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);
