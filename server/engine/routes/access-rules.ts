import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { type AccessRules, accessRulesSchema, accessRulesViewSchema } from '#metadata';
import { readAccessRules, saveAccessRules } from '../access-rules/access-rules-service';
import { announceDefinitionChange } from '../definition-changes';
import { entityCallerOf } from './caller';

const maxId = 2_147_483_647;
const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: maxId } },
} as const;
const designs = { permission: 'ManageDataSources' };

/**
 * A data source's row and field rules per role (see AccessRules), built-in or user-defined:
 * read (`GET api/dataSources/{id}/accessRules`) and replaced at the Version read (`PUT`); every
 * instance forgets the definitions it remembers, so the rules bind the next call everywhere.
 */
export async function accessRuleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/dataSources/:id/accessRules',
    { config: designs, schema: { params, response: { 200: accessRulesViewSchema } } },
    async (request) => readAccessRules(app.db, request.params.id),
  );

  app.put(
    '/api/dataSources/:id/accessRules',
    {
      config: { ...designs, audited: true },
      schema: { params, body: accessRulesSchema, response: { 200: accessRulesViewSchema } },
    },
    async (request) => {
      const { id } = request.params;
      await saveAccessRules(app.db, id, request.body as AccessRules, entityCallerOf(request).actor);
      await announceDefinitionChange(app.db, app.log);
      return readAccessRules(app.db, id);
    },
  );
}
