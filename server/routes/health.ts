import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers and the start-up check: 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      config: { permission: 'everybody' },
      logLevel: 'warn',
      schema: {
        response: {
          200: { type: 'object', properties: { status: { const: 'ok' } } },
          503: {
            type: 'object',
            properties: { status: { type: 'string' }, Message: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        return reply
          .status(503)
          .send({ status: 'unavailable', Message: 'The database is not answering.' });
      }
    },
  );
}
