import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';

/** Uncaught exceptions in browsers, written to the server log where operators look. */
export async function clientLoggingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/api/logging/ClientError',
    {
      config: { permission: 'everybody', rateLimit: { max: 60, timeWindow: '1 minute' } },
      bodyLimit: 32 * 1024,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['Message'],
          properties: {
            Message: { type: 'string', maxLength: 4000 },
            Stack: { type: 'string', maxLength: 16000 },
            Url: { type: 'string', maxLength: 2000 },
            UserAgent: { type: 'string', maxLength: 500 },
          },
        },
        response: { 204: { description: 'Logged', type: 'null' } },
      },
    },
    async (request, reply) => {
      request.log.warn(
        { clientError: request.body, userId: request.currentUser?.Id },
        'browser error',
      );
      return reply.status(204).send(null);
    },
  );
}
