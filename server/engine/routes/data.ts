import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { entityPageSchema, entityRowSchema } from '#metadata';
import type { ODataParams } from '#platform/core';
import { AppError } from '../../errors/app-error';
import { listEntity } from '../entity-list';
import { deleteEntity, readEntityOrBlank, saveEntity } from '../entity-service';
import { accessById } from './caller';

const maxId = 2_147_483_647;
const sourceParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: maxId } },
} as const;
const rowParams = {
  type: 'object',
  required: ['id', 'rowId'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: maxId },
    rowId: { type: 'integer', minimum: 0, maximum: maxId },
  },
} as const;
/** One row's path: 0 or below asks for a new row's defaults, as every get-by-id call does. */
const getRowParams = {
  ...rowParams,
  properties: {
    ...rowParams.properties,
    rowId: { type: 'integer', minimum: -maxId - 1, maximum: maxId },
  },
} as const;
const rowBody = {
  type: 'object',
  required: ['Json'],
  properties: {
    Id: { type: 'integer', minimum: 0, maximum: maxId },
    /** The row: a JSON text (as the spec's client sends it) or an object. */
    Json: { anyOf: [{ type: 'string', maxLength: 1_000_000 }, { type: 'object' }] },
  },
} as const;

/**
 * The row a save sends: `Json`, its key set to `Id` when one is given. An update whose `Id` and
 * row key disagree is refused, naming the key: which row it changes would be a guess.
 */
function rowOf(
  body: { Id?: number; Json: string | Record<string, unknown> },
  pk: string,
  update: boolean,
) {
  let row: unknown = body.Json;
  if (typeof row === 'string') {
    try {
      row = JSON.parse(row);
    } catch {
      throw new AppError('BadRequest', 'Json is not valid JSON.', [
        { Field: 'Json', Message: 'is not valid JSON' },
      ]);
    }
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    throw new AppError('BadRequest', 'Json must hold one row (an object).', [
      { Field: 'Json', Message: 'must be an object' },
    ]);
  }
  const sent = row as Record<string, unknown>;
  if (update && body.Id !== undefined && sent[pk] !== undefined && sent[pk] !== body.Id) {
    throw new AppError('BadRequest', `${pk}: the row's key is not the Id sent with it.`, [
      { Field: pk, Message: `is ${JSON.stringify(sent[pk])}, not the Id ${body.Id} sent with it` },
    ]);
  }
  return body.Id === undefined ? sent : { ...sent, [pk]: body.Id };
}

/**
 * `api/dataSources/{id}/data`: the rows of any data source the engine knows, for its grid and
 * detail screens: list (OData options), one row (0 = a new row's defaults), create (POST),
 * update (PUT, with the Version read) and delete, each under the source's own permissions.
 */
export async function dataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const authorized = { permission: 'authorized' };

  app.get(
    '/api/dataSources/:id/data',
    { config: authorized, schema: { params: sourceParams, response: { 200: entityPageSchema } } },
    async (request) => {
      const access = await accessById(request, request.params.id);
      return listEntity(app.db, access, request.query as ODataParams);
    },
  );

  app.get(
    '/api/dataSources/:id/data/:rowId',
    { config: authorized, schema: { params: getRowParams, response: { 200: entityRowSchema } } },
    async (request) =>
      readEntityOrBlank(app.db, await accessById(request, request.params.id), request.params.rowId),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/dataSources/:id/data',
      config: { ...authorized, audited: true },
      schema: { params: sourceParams, body: rowBody, response: { 200: entityRowSchema } },
      handler: async (request) => {
        const access = await accessById(request, request.params.id);
        const { entity } = access;
        const row = rowOf(request.body, entity.primaryKeyField, method === 'PUT');
        const id = row[entity.primaryKeyField];
        if (method === 'PUT' && (typeof id !== 'number' || id < 1)) {
          throw new AppError(
            'BadRequest',
            `${entity.primaryKeyField} is required to update a row.`,
            [{ Field: entity.primaryKeyField, Message: 'is required' }],
          );
        }
        if (method === 'POST' && typeof id === 'number' && id > 0) {
          throw new AppError('BadRequest', 'Use PUT to update a row.', [
            { Field: entity.primaryKeyField, Message: 'must be 0 or absent to create a row' },
          ]);
        }
        return saveEntity(app.db, access, row);
      },
    });
  }

  app.delete(
    '/api/dataSources/:id/data/:rowId',
    {
      config: { ...authorized, audited: true },
      schema: {
        params: rowParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { version: { type: 'integer', minimum: 1, maximum: maxId } },
        },
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      const access = await accessById(request, request.params.id);
      await deleteEntity(app.db, access, request.params.rowId, request.query.version);
      return reply.status(204).send(null);
    },
  );
}
