import type { FastifyInstance } from 'fastify';
import { routeDefinitionSchema } from '#metadata';
import { screenRoutes } from '../screen-routes';

/**
 * The routes definition list the browser loads at start-up, never cached; the screens of an
 * entity the installation does not use now say so (`Closed`).
 */
export async function routesListRoutes(app: FastifyInstance) {
  app.get(
    '/api/routes',
    {
      config: { permission: 'everybody' },
      schema: { response: { 200: { type: 'array', items: routeDefinitionSchema } } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // A built-in entity's screens draw its own grid page, whose id is the entity's. Without
      // the database the browser still starts: the routes come unmarked (their calls are
      // closed all the same), never a 503 for the whole application.
      const notInUse = await app.entityHooks.notInUse(app.db).catch((error: unknown) => {
        request.log.warn({ err: error }, 'screens not in use unknown: routes answered unmarked');
        return new Map<number, string>();
      });
      if (notInUse.size === 0) return screenRoutes();
      return screenRoutes().map((route) => {
        const closed = route.GridPage === undefined ? undefined : notInUse.get(route.GridPage);
        return closed === undefined ? route : { ...route, Closed: closed };
      });
    },
  );
}
