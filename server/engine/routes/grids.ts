import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type GridPage,
  type GridPageSave,
  gridPageSaveBodySchema,
  gridPageSchema,
} from '#metadata';
import { hasPermission } from '#platform/core';
import { AppError } from '../../errors/app-error';
import { assertMay } from '../entity-access';
import { entityById } from '../entity-context';
import { createGridPage, deleteGridPage, updateGridPage } from '../grid-pages/page-service';
import { assertMayViewPage, gridPageView, storedGridPage } from '../grid-pages/page-view';
import { accessById, entityCallerOf } from './caller';

const maxId = 2_147_483_647;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: maxId } },
} as const;
const designs = 'ManageGridPages';

/** A page as the designer edits it: as stored, whoever may see it, never shaped by settings. */
async function designedPage(request: FastifyRequest, id: number): Promise<GridPage> {
  const caller = entityCallerOf(request);
  if (!hasPermission(designs, caller.subject)) {
    throw new AppError('Forbidden', 'You do not have permission to do that.');
  }
  const { db } = request.server;
  const row = await storedGridPage(db, id);
  return gridPageView(db, row, await entityById(db, row.dataSourceId));
}

/**
 * The grid page calls: a page for its screen (`GET api/grids/{id}`: the page's permission and
 * its data source's read permission, shaped by the entity's hooks), or as the designer edits
 * it (`?design=true`, ManageGridPages); create (POST), edit (PUT, with the Version read) and
 * delete (a built-in page is refused) for the grid page designer.
 */
export async function gridRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/grids/:id',
    {
      config: { permission: 'authorized' },
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            /** The page as stored, for its designer (ManageGridPages). */
            design: { type: 'boolean' },
          },
        },
        response: { 200: gridPageSchema },
      },
    },
    async (request) => {
      if (request.query.design === true) return designedPage(request, request.params.id);
      const row = await storedGridPage(app.db, request.params.id);
      const access = await accessById(request, row.dataSourceId);
      assertMayViewPage(row, access.caller);
      assertMay(access, 'read');
      const page = await gridPageView(app.db, row, access.entity);
      return access.hooks.shapePage ? access.hooks.shapePage(page, app.db) : page;
    },
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/grids',
      config: { permission: designs, audited: true },
      schema: { body: gridPageSaveBodySchema, response: { 200: gridPageSchema } },
      handler: async (request) => {
        const body = request.body as GridPageSave;
        const caller = entityCallerOf(request);
        if (method === 'POST' && (body.Id ?? 0) > 0) {
          throw new AppError('BadRequest', 'Use PUT to change a grid page.', [
            { Field: 'Id', Message: 'must be 0 or absent to create a grid page' },
          ]);
        }
        const id =
          method === 'POST'
            ? await createGridPage(app.db, app.entityHooks, body, caller)
            : await updateGridPage(app.db, app.entityHooks, body, caller);
        return designedPage(request, id);
      },
    });
  }

  app.delete(
    '/api/grids/:id',
    {
      config: { permission: designs, audited: true },
      schema: { params: idParams, response: { 204: { description: 'Deleted', type: 'null' } } },
    },
    async (request, reply) => {
      await deleteGridPage(app.db, request.params.id, entityCallerOf(request));
      return reply.status(204).send(null);
    },
  );
}
