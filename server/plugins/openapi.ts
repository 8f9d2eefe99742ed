import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The document @fastify/swagger builds, passed on whole. */
const openApiDocumentSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string' },
    info: { type: 'object', additionalProperties: true },
    paths: { type: 'object', additionalProperties: true },
  },
} as const;

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
      {
        config: { permission: 'everybody' },
        schema: { hide: true, response: { 200: openApiDocumentSchema } },
      },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);
