import type { FastifyInstance } from 'fastify';
import { currentUserSchema } from '#metadata';

const currentUserOrNullSchema = { ...currentUserSchema, type: ['object', 'null'] } as const;

/** Who the caller is and what they may do; anonymous callers get null and no permissions. */
export async function sessionRoutes(app: FastifyInstance) {
  app.post(
    '/api/auth/permissions',
    {
      config: { permission: 'everybody' },
      schema: { response: { 200: { type: 'array', items: { type: 'string' } } } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return request.permissions;
    },
  );

  app.get(
    '/api/users/GetCurrentUser',
    {
      config: { permission: 'everybody' },
      schema: { response: { 200: currentUserOrNullSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return request.currentUser;
    },
  );
}
