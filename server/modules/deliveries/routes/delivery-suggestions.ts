import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { suggestionsAnswerSchema, deliveryPermissions } from '#metadata';
import { readEntity } from '../../../engine/entity-service';
import { suggestChanges } from '../rules/suggest-changes';
import { deliveryAccess, deliveryNotFound } from './delivery-access';
import { whatIfRequestSchema } from './delivery-schemas';

type Row = Record<string, unknown>;

/**
 * `POST api/Deliveries/SuggestChanges` (not in the spec): "what would make it workable?" for
 * the inputs on screen, on the stored delivery and the cached forecast. Like SetNewState it
 * saves nothing, so any viewer may ask it of any delivery; see suggestChanges for the rules.
 */
export async function deliverySuggestionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/Deliveries/SuggestChanges',
    {
      config: { permission: deliveryPermissions.read },
      schema: { body: whatIfRequestSchema, response: { 200: suggestionsAnswerSchema } },
    },
    async (request) => {
      const access = await deliveryAccess(request);
      const { Id, OutputTemperature, Thickness, EvoThermAllowed } = request.body;
      const stored = await readEntity<Row>(app.db, access, Id);
      if (!stored) throw deliveryNotFound();
      return suggestChanges(app.db, stored, { OutputTemperature, Thickness, EvoThermAllowed });
    },
  );
}
