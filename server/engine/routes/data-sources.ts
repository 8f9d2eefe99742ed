import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  type DataSourceSave,
  dataSourceFieldsSchema,
  dataSourceSaveBodySchema,
  dataSourceViewSchema,
  rowHistorySchema,
} from '#metadata';
import { AppError } from '../../errors/app-error';
import { announceDefinitionChange, listenToDefinitionChanges } from '../definition-changes';
import { rowHistory } from '../row-history';
import { dataSourceFields } from '../user-tables/data-source-fields';
import {
  createDataSource,
  deleteDataSource,
  readDataSource,
  updateDataSource,
} from '../user-tables/data-source-service';
import { accessById, entityCallerOf } from './caller';

const maxId = 2_147_483_647;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 0, maximum: maxId } },
} as const;
const existingParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: maxId } },
} as const;

/** Designers of tables, and of grid pages (who read a source's fields to choose columns). */
const readDesigns = { permission: 'ManageDataSources,ManageGridPages' };
const writeDesigns = { permission: 'ManageDataSources' };

/**
 * The data source designer's calls: a definition to edit (`GET api/dataSources/{id}`, 0 = new),
 * its fields (for grid pages), create (POST), edit (PUT) and delete, each keeping the user
 * table and its definition in step; and a row's history for anyone who may read the row.
 */
export async function dataSourceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { listen } = app.database;
  const listening = listen ? await listenToDefinitionChanges(app.db, listen, app.log) : null;
  app.addHook('onClose', async () => listening?.stop());

  app.get(
    '/api/dataSources/:id',
    { config: readDesigns, schema: { params: idParams, response: { 200: dataSourceViewSchema } } },
    async (request) => readDataSource(app.db, request.params.id),
  );

  app.get(
    '/api/dataSources/:id/fields',
    {
      config: readDesigns,
      schema: { params: existingParams, response: { 200: dataSourceFieldsSchema } },
    },
    async (request) => dataSourceFields(app.db, request.params.id),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/dataSources',
      config: { ...writeDesigns, audited: true },
      schema: { body: dataSourceSaveBodySchema, response: { 200: dataSourceViewSchema } },
      handler: async (request) => {
        const body = request.body as DataSourceSave;
        const actor = entityCallerOf(request).actor;
        if (method === 'POST' && (body.Id ?? 0) > 0) {
          throw new AppError('BadRequest', 'Use PUT to change a data source.', [
            { Field: 'Id', Message: 'must be 0 or absent to create a data source' },
          ]);
        }
        const id =
          method === 'POST'
            ? await createDataSource(app.db, body, actor)
            : await updateDataSource(app.db, body, actor);
        await announceDefinitionChange(app.db, app.log);
        return readDataSource(app.db, id);
      },
    });
  }

  app.delete(
    '/api/dataSources/:id',
    {
      config: { ...writeDesigns, audited: true },
      schema: {
        params: existingParams,
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      await deleteDataSource(app.db, request.params.id, entityCallerOf(request).actor);
      await announceDefinitionChange(app.db, app.log);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/dataSources/:id/data/:rowId/history',
    {
      config: { permission: 'authorized' },
      schema: {
        params: {
          type: 'object',
          required: ['id', 'rowId'],
          properties: {
            id: { type: 'integer', minimum: 1, maximum: maxId },
            rowId: { type: 'integer', minimum: 1, maximum: maxId },
          },
        },
        response: { 200: rowHistorySchema },
      },
    },
    async (request) =>
      rowHistory(app.db, await accessById(request, request.params.id), request.params.rowId),
  );
}
