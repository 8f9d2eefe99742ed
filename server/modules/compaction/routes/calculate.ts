import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { compactionInputSchema, compactionResultSchema } from '#metadata';
import { calculateCompaction } from '../calculate-compaction';
import { compactionSettings } from '../compaction-settings';

/**
 * A field sent as null is taken as not given. Left in, the app's type coercion would read it as
 * 0 or false: a base at 0 °C, a base declared not frozen, no wind.
 */
function dropNulls(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (fields[key] === null) delete fields[key];
}

/** `POST api/compaction/calculate`: time available for compaction of one lift, for anyone signed in. */
export async function compactionCalculateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/api/compaction/calculate',
    {
      config: { permission: 'authorized' },
      bodyLimit: 16 * 1024,
      schema: { body: compactionInputSchema, response: { 200: compactionResultSchema } },
      preValidation: async (request) => dropNulls(request.body),
    },
    async (request) =>
      calculateCompaction(request.body, await compactionSettings(app.db, request.log)),
  );
}
