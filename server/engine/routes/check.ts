import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { uniqueCheckDefaults } from '#metadata';
import { AppError } from '../../errors/app-error';
import { isUniqueValue } from '../entity-service';
import { accessByName } from './caller';

const checkBodySchema = {
  type: 'object',
  required: ['val'],
  properties: {
    field: { type: 'string', minLength: 1, maxLength: 100 },
    val: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'null' }] },
    entity: { type: 'string', minLength: 1, maxLength: 100 },
    id: { type: ['integer', 'null'], minimum: 0, maximum: 2_147_483_647 },
  },
} as const;

/**
 * `POST api/check/IsUnique{field}`: whether no other row holds the value. The browser
 * treats any error as "not unique", so this answers only for callers who may read the
 * entity, and a value never leaks more than yes or no.
 */
export async function checkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/check/:check',
    {
      config: { permission: 'authorized' },
      schema: {
        params: {
          type: 'object',
          required: ['check'],
          properties: {
            check: { type: 'string', pattern: '^IsUnique[A-Za-z0-9]*$', maxLength: 100 },
          },
        },
        body: checkBodySchema,
        response: {
          200: {
            type: 'object',
            required: ['isUnique'],
            properties: { isUnique: { type: 'boolean' } },
          },
        },
      },
    },
    async (request) => {
      const fromPath = request.params.check.slice('IsUnique'.length);
      const field = request.body.field ?? fromPath;
      if (!field)
        throw new AppError('BadRequest', 'Name the field to check.', [
          { Field: 'field', Message: 'is required' },
        ]);
      const name = request.body.entity ?? uniqueCheckDefaults[field];
      if (!name) {
        throw new AppError('BadRequest', `Say which entity '${field}' belongs to.`, [
          { Field: 'entity', Message: 'is required for this field' },
        ]);
      }
      const access = await accessByName(request, name);
      const value = request.body.val;
      const unique = await isUniqueValue(
        app.db,
        access,
        field,
        value ?? '',
        request.body.id ?? null,
      );
      return { isUnique: value === null || value === '' || unique };
    },
  );
}
