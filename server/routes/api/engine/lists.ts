import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { ODataParams } from '#platform/core';
import { actionTypeText } from '../../../services/engine/change-log';
import { entityByName } from '../../../services/engine/entity-context';
import { assertMay } from '../../../services/engine/entity-service';
import { entityValues, listEntity } from '../../../services/engine/entity-list';
import { entityCallerOf } from './caller';

/** Rows of some entities carry a value computed from stored ones. */
const decorate: Record<string, (row: Record<string, unknown>) => Record<string, unknown>> = {
  ChangeLogs: (row) => ({
    ...row,
    Id: Number(row.Id),
    DateTime: row.DateTime instanceof Date ? row.DateTime.toISOString() : row.DateTime,
    ...(row.ActionType === undefined
      ? {}
      : { ActionTypeText: actionTypeText(Number(row.ActionType)) }),
  }),
};

const entitySetParams = {
  type: 'object',
  required: ['entitySet'],
  properties: { entitySet: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]{0,80}OData$' } },
} as const;

/**
 * `GET odata/{Name}OData` for every data source the engine knows (the people lists have
 * routes of their own): permission is the data source's read permission.
 */
export async function listRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/odata/:entitySet',
    { config: { permission: 'authorized' }, schema: { params: entitySetParams } },
    async (request) => {
      const name = request.params.entitySet.slice(0, -'OData'.length);
      const entity = await entityByName(app.db, name);
      assertMay(entity, 'read', entityCallerOf(request));
      const page = await listEntity(app.db, entity, request.query as ODataParams);
      const shape = decorate[entity.name];
      return shape ? { ...page, value: page.value.map(shape) } : page;
    },
  );

  app.get(
    '/api/entities/:name/values/:field',
    {
      config: { permission: 'authorized' },
      schema: {
        params: {
          type: 'object',
          required: ['name', 'field'],
          properties: {
            name: { type: 'string', maxLength: 100 },
            field: { type: 'string', maxLength: 100 },
          },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            search: { type: 'string', maxLength: 200 },
            top: { type: 'integer', minimum: 1, maximum: 200 },
          },
        },
      },
    },
    async (request) => {
      const entity = await entityByName(app.db, request.params.name);
      assertMay(entity, 'read', entityCallerOf(request));
      const { search, top } = request.query;
      return entityValues(app.db, entity, request.params.field, search ?? null, top ?? 100);
    },
  );
}
