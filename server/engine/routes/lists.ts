import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { entityPageSchema, type EntityValues, entityValuesSchema } from '#metadata';
import type { ODataParams } from '#platform/core';
import { entityValues, listEntity } from '../entity-list';
import { accessByName } from './caller';

/** `UnitsOData`, in any case as every other path is (`unitsodata`): data source names are too. */
const entitySetParams = {
  type: 'object',
  required: ['entitySet'],
  properties: {
    entitySet: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]{0,80}[Oo][Dd][Aa][Tt][Aa]$' },
  },
} as const;

/** What a value list (a filter popup's choices) takes: a search, how many, the other filters. */
export const valuesQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    top: { type: 'integer', minimum: 1, maximum: 200 },
    /** The grid's other filters: only values rows within them hold. */
    $filter: { type: 'string', maxLength: 4000 },
  },
} as const;

/**
 * `GET odata/{Name}OData` for every data source the engine serves (lists with answer shapes
 * of their own have routes of their own): the data source's read permission, then its hooks.
 */
export async function listRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/odata/:entitySet',
    {
      config: { permission: 'authorized' },
      schema: { params: entitySetParams, response: { 200: entityPageSchema } },
    },
    async (request) => {
      const name = request.params.entitySet.slice(0, -'OData'.length);
      const access = await accessByName(request, name);
      return listEntity(app.db, access, request.query as ODataParams);
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
        querystring: valuesQuery,
        response: { 200: entityValuesSchema },
      },
    },
    async (request) => {
      const access = await accessByName(request, request.params.name);
      const { search, top, $filter } = request.query;
      const values = await entityValues(
        app.db,
        access,
        request.params.field,
        search ?? null,
        top ?? 100,
        { filter: $filter ?? null },
      );
      // Only filterable fields have values, and those are scalars (a date goes out as ISO text).
      return values as EntityValues;
    },
  );
}
