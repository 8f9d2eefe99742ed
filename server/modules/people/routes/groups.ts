import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  groupEntity,
  groupSchema,
  groupSummarySchema,
  getByIdParamsSchema,
  idParamsSchema,
  saveGroupRequestSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { deleteEntity, saveEntity } from '../../../engine/entity-service';
import { groupEditorView } from '../rules/group-editor';
import { accessById } from '../../../engine/routes/caller';
import { listCalls } from '../../../engine/routes/list-calls';
import { closeWhileOff } from './closed-while-off';
import { callerOf } from './caller';

const manageGroups = { permission: 'ManageGroups' };

/**
 * `api/groups/*` and `odata/GroupsOData`: thin adapters onto the engine, whose group hooks
 * keep group administrators to their own groups and members they may manage. All closed (404)
 * while users belong to no group.
 */
export async function groupRoutes(fastify: FastifyInstance) {
  closeWhileOff(fastify, 'groups');
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const groups = (request: FastifyRequest) => accessById(request, groupEntity.id);
  const editor = async (request: FastifyRequest, id: number) => {
    const group = await groupEditorView(app.db, callerOf(request), id);
    if (!group) throw new AppError('NotFound', 'The group does not exist.');
    return group;
  };

  await listCalls(fastify, {
    entityId: groupEntity.id,
    permission: 'ManageGroups',
    item: groupSummarySchema,
    orderBy: 'Name',
    all: '/api/groups/GetAllGroups',
    odata: '/odata/GroupsOData',
  });

  app.get(
    '/api/groups/GetGroupById/:id',
    {
      config: manageGroups,
      schema: { params: getByIdParamsSchema, response: { 200: groupSchema } },
    },
    async (request) => editor(request, request.params.id),
  );

  app.post(
    '/api/groups/SaveGroup',
    {
      config: { ...manageGroups, audited: true },
      schema: { body: saveGroupRequestSchema, response: { 200: groupSchema } },
    },
    async (request) => {
      const saved = await saveEntity<{ Id: number }>(app.db, await groups(request), {
        ...request.body,
      });
      return editor(request, saved.Id);
    },
  );

  app.get(
    '/api/groups/DeleteGroup/:id',
    {
      config: { ...manageGroups, stateChanging: true, audited: true },
      schema: {
        params: idParamsSchema,
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      await deleteEntity(app.db, await groups(request), request.params.id, undefined);
      return reply.status(204).send(null);
    },
  );
}
