import type { FastifyInstance } from 'fastify';
import { routeDefinitionSchema } from '#metadata';
import { screenRoutes } from '../screen-routes';

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
      return screenRoutes();
    },
  );
}
