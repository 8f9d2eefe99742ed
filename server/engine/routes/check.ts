import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { EngineEntity } from '../entity-context';
import { uniqueAnswer } from '../entity-service';
import { uniqueCheckEntities } from '../unique-check-entities';
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

/** The entity a check without `entity` means: the one that has the field, else a 400. */
function entityOf(field: string): string {
  const [only, ...others] = uniqueCheckEntities(field);
  if (only !== undefined && others.length === 0) return only;
  const choices = only === undefined ? '' : ` (${[only, ...others].join(', ')})`;
  throw new AppError(
    'BadRequest',
    `Say which entity '${field.slice(0, 40)}' belongs to${choices}.`,
    [{ Field: 'entity', Message: `is required for this field${choices}` }],
  );
}

/** The entity's field named so in any case, as paths are (`isuniquecode`); else as given. */
function fieldOf(entity: EngineEntity, field: string): string {
  if (Object.hasOwn(entity.storage.fields, field)) return field;
  const lower = field.toLowerCase();
  return Object.keys(entity.storage.fields).find((name) => name.toLowerCase() === lower) ?? field;
}

/**
 * `POST api/check/IsUnique{field}` (in any case, as every path): whether no other row holds
 * the value. The browser treats any error as "not unique", so this answers only for callers
 * who may read the entity, and a value never leaks more than a save of it would (a `Message`
 * says why, where the entity's hooks answer the check).
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
            check: {
              type: 'string',
              pattern: '^[Ii][Ss][Uu][Nn][Ii][Qq][Uu][Ee][A-Za-z0-9]*$',
              maxLength: 100,
            },
          },
        },
        body: checkBodySchema,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['isUnique'],
            properties: { isUnique: { type: 'boolean' }, Message: { type: 'string' } },
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
      const access = await accessByName(request, request.body.entity ?? entityOf(field));
      const value = request.body.val;
      const answer = await uniqueAnswer(
        app.db,
        access,
        fieldOf(access.entity, field),
        value ?? '',
        request.body.id ?? null,
      );
      return value === null || value === '' ? { isUnique: true } : answer;
    },
  );
}
