import type { FastifyInstance } from 'fastify';

const currentUserSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    FirstName: { type: 'string' },
    Surname: { type: 'string' },
    FullName: { type: 'string' },
    Email: { type: 'string' },
    IsAdmin: { type: 'boolean' },
    Language: { type: 'string' },
  },
} as const;

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
      schema: { response: { 200: currentUserSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return request.currentUser;
    },
  );
}
