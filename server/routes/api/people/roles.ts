import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  checkedRoleSchema,
  fullRoleSchema,
  idParamsSchema,
  odataPageSchema,
  odataQuerySchema,
  roleEntity,
  roleSchema,
  roleSummarySchema,
  saveRoleRequestSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findUser } from '../../../repositories/people-users';
import { listPermissions } from '../../../repositories/permissions';
import { listRoles, listRolesOfUsers } from '../../../repositories/roles';
import { keyPage, selectFields } from '../../../services/engine/key-page';
import { isUserInScope, userNotFound } from '../../../services/people/user-access';
import { accessById } from '../engine/caller';
import { fullListOfRoles, roleEditorView, roleSummary } from '../../../services/people/role-views';
import { removeRole, saveRole } from '../../../services/people/save-role';
import { callerOf } from './caller';
import { sameOriginOnly } from './same-origin';

const readRoles = { permission: 'ManageRoles,AssignUsersToRoles,ViewDelegatedRoles' };
const manageRoles = { permission: 'ManageRoles' };
const byName = [{ field: 'Name', desc: false }];
const summaries = { type: 'array', items: roleSummarySchema } as const;

export async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/roles/GetAllRoles',
    { config: readRoles, schema: { response: { 200: summaries } } },
    async () => (await listRoles(app.db)).map(roleSummary),
  );

  app.get(
    '/odata/RolesOData',
    {
      config: readRoles,
      schema: {
        querystring: odataQuerySchema,
        response: { 200: odataPageSchema(roleSummarySchema) },
      },
    },
    async (request) => {
      const access = await accessById(request, roleEntity.id);
      const page = await keyPage(app.db, access, request.query, byName);
      const [count, roles] = await Promise.all([page.count, listRoles(app.db, page.keys)]);
      return {
        '@odata.count': count,
        value: selectFields(roles.map(roleSummary), page.select),
      };
    },
  );

  app.get(
    '/api/roles/GetFullListOfRoles',
    { config: readRoles, schema: { response: { 200: { type: 'array', items: fullRoleSchema } } } },
    async () => fullListOfRoles(app.db),
  );

  app.get(
    '/api/roles/GetRoleById/:id',
    { config: readRoles, schema: { params: idParamsSchema, response: { 200: roleSchema } } },
    async (request) => {
      const role = await roleEditorView(app.db, request.params.id);
      if (!role) throw new AppError('NotFound', 'The role does not exist.');
      return role;
    },
  );

  app.get(
    '/api/roles/GetRolePermissions',
    {
      config: readRoles,
      schema: {
        response: { 200: { type: 'array', items: roleSchema.properties.Permissions.items } },
      },
    },
    async () =>
      (await listPermissions(app.db)).map((p) => ({ Id: p.id, Name: p.name, IsChecked: false })),
  );

  app.get(
    '/api/roles/GetRolesByUserId/:id',
    {
      config: { permission: 'ManageUsers,ManageRoles,AssignUsersToRoles' },
      schema: {
        params: idParamsSchema,
        response: { 200: { type: 'array', items: checkedRoleSchema } },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = await findUser(app.db, id);
      if (!user || !(await isUserInScope(app.db, callerOf(request), id))) throw userNotFound();
      const roles = await listRolesOfUsers(app.db, [id]);
      return roles.map((r) => ({ Id: r.id, Name: r.name, IsAdmin: r.isAdmin, IsChecked: true }));
    },
  );

  app.post(
    '/api/Roles/SaveRole',
    { config: manageRoles, schema: { body: saveRoleRequestSchema, response: { 200: roleSchema } } },
    async (request) => saveRole(app.db, callerOf(request), request.body),
  );

  app.get(
    '/api/roles/DeleteRole/:id',
    { config: manageRoles, schema: { params: idParamsSchema }, onRequest: sameOriginOnly },
    async (request, reply) => {
      await removeRole(app.db, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
