import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  groupSchema,
  groupSummarySchema,
  idParamsSchema,
  odataPageSchema,
  odataQuerySchema,
  saveGroupRequestSchema,
  groupEntity,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { listGroups } from '../../../repositories/groups';
import { keyPage, selectFields } from '../../../services/engine/key-page';
import { groupEditorView, removeGroup, saveGroup } from '../../../services/people/save-group';
import { accessById } from '../engine/caller';
import { groupsInScope, userScopeOf } from '../../../services/people/user-access';
import { callerOf } from './caller';
import { sameOriginOnly } from './same-origin';

const manageGroups = { permission: 'ManageGroups' };

const groupSummary = (group: Awaited<ReturnType<typeof listGroups>>[number]) => ({
  Id: group.id,
  Name: group.name,
  IsQueryGroup: group.isQueryGroup,
  UsersNum: group.usersNum ?? 0,
  Version: group.version,
});

export async function groupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/groups/GetAllGroups',
    {
      config: manageGroups,
      schema: { response: { 200: { type: 'array', items: groupSummarySchema } } },
    },
    async (request) => {
      const scope = groupsInScope(userScopeOf(callerOf(request)));
      return (await listGroups(app.db, undefined, scope)).map(groupSummary);
    },
  );

  app.get(
    '/odata/GroupsOData',
    {
      config: manageGroups,
      schema: {
        querystring: odataQuerySchema,
        response: { 200: odataPageSchema(groupSummarySchema) },
      },
    },
    async (request) => {
      const access = await accessById(request, groupEntity.id);
      const page = await keyPage(app.db, access, request.query, [{ field: 'Name', desc: false }]);
      const [count, groups] = await Promise.all([page.count, listGroups(app.db, page.keys)]);
      return {
        '@odata.count': count,
        value: selectFields(groups.map(groupSummary), page.select),
      };
    },
  );

  app.get(
    '/api/groups/GetGroupById/:id',
    { config: manageGroups, schema: { params: idParamsSchema, response: { 200: groupSchema } } },
    async (request) => {
      const group = await groupEditorView(app.db, callerOf(request), request.params.id);
      if (!group) throw new AppError('NotFound', 'The group does not exist.');
      return group;
    },
  );

  app.post(
    '/api/groups/SaveGroup',
    {
      config: manageGroups,
      schema: { body: saveGroupRequestSchema, response: { 200: groupSchema } },
    },
    async (request) => saveGroup(app.db, callerOf(request), request.body),
  );

  app.get(
    '/api/groups/DeleteGroup/:id',
    { config: manageGroups, schema: { params: idParamsSchema }, onRequest: sameOriginOnly },
    async (request, reply) => {
      await removeGroup(app.db, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
