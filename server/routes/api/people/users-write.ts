import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  assignUsersResultSchema,
  assignUsersToGroupRequestSchema,
  assignUsersToRoleRequestSchema,
  idParamsSchema,
  saveUserRequestSchema,
  saveUserResultSchema,
} from '#metadata';
import { assignUsersToGroup, assignUsersToRole } from '../../../services/people/assign-users';
import { deleteUser } from '../../../services/people/delete-user';
import { saveUser } from '../../../services/people/save-user';
import { callerOf } from './caller';
import { sameOriginOnly } from './same-origin';

export async function userWriteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/users/SaveUser',
    {
      config: { permission: 'ManageUsers' },
      schema: { body: saveUserRequestSchema, response: { 200: saveUserResultSchema } },
    },
    async (request) => saveUser(app.db, app.hashing, callerOf(request), request.body),
  );

  app.get(
    '/api/users/DeleteUser/:id',
    {
      config: { permission: 'ManageUsers' },
      schema: { params: idParamsSchema },
      onRequest: sameOriginOnly,
    },
    async (request, reply) => {
      await deleteUser(app.db, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/users/AssignUsersToRole',
    {
      config: { permission: 'ManageRoles,AssignUsersToRoles' },
      schema: { body: assignUsersToRoleRequestSchema, response: { 200: assignUsersResultSchema } },
    },
    async (request) => ({
      Assigned: await assignUsersToRole(
        app.db,
        callerOf(request),
        request.body.RoleId,
        request.body.UserIds,
      ),
    }),
  );

  app.post(
    '/api/users/AssignUsersToGroup',
    {
      config: { permission: 'ManageGroups' },
      schema: { body: assignUsersToGroupRequestSchema, response: { 200: assignUsersResultSchema } },
    },
    async (request) => ({
      Assigned: await assignUsersToGroup(
        app.db,
        callerOf(request),
        request.body.GroupId,
        request.body.UserIds,
      ),
    }),
  );
}
