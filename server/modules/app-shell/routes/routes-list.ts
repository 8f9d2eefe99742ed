import type { FastifyInstance } from 'fastify';
import { routeDefinitionSchema, routeDefinitions } from '#metadata';

/** The routes definition list the browser loads at start-up, never cached. */
export async function routesListRoutes(app: FastifyInstance) {
  app.get(
    '/api/routes',
    {
      config: { permission: 'everybody' },
      schema: { response: { 200: { type: 'array', items: routeDefinitionSchema } } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return routeDefinitions;
    },
  );
}
