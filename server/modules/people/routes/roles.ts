import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkedRoleSchema,
  fullRoleSchema,
  getByIdParamsSchema,
  idParamsSchema,
  roleEntity,
  roleSchema,
  roleSummarySchema,
  type SaveRoleRequest,
  saveRoleRequestSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findUser } from '../repositories/people-users';
import { listPermissions } from '../repositories/permissions';
import { listRolesOfUsers } from '../repositories/roles';
import type { EntityAccess } from '../../../engine/entity-access';
import { deleteEntity, readEntity, saveEntity } from '../../../engine/entity-service';
import { roleEditorView, rolesWithLists } from '../rules/role-views';
import { isUserInScope, userNotFound } from '../rules/user-access';
import { accessById } from '../../../engine/routes/caller';
import { listCalls } from '../../../engine/routes/list-calls';
import { callerOf } from './caller';

const readRoles = { permission: roleEntity.permissions.read };
const manageRoles = { permission: 'ManageRoles' };

/** The spec's client shows the ExceptionMessage of a refused role delete. */
function shownAsException(error: unknown): unknown {
  if (!(error instanceof AppError) || error.options.asException) return error;
  return new AppError(error.code, error.message, error.fieldErrors, {
    ...error.options,
    asException: true,
  });
}

/**
 * `api/roles/*`, `api/Roles/SaveRole` and `odata/RolesOData`: thin adapters onto the engine,
 * whose role hooks keep each part of a role to those who may change it.
 */
export async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const roles = (request: FastifyRequest) => accessById(request, roleEntity.id);
  const editor = async (request: FastifyRequest, id: number) => {
    const role = await roleEditorView(app.db, await roles(request), id);
    if (!role) throw new AppError('NotFound', 'The role does not exist.');
    return role;
  };

  /**
   * The editor shows an administrator role with every permission checked, as it holds them
   * all by definition: that list posted back unchanged edits nothing.
   */
  const asEdited = async (access: EntityAccess, body: SaveRoleRequest) => {
    const { Permissions, ...rest } = body;
    if (!Permissions?.every((p) => p.IsChecked)) return body;
    const isAdmin = body.Id
      ? (await readEntity<{ IsAdmin: boolean }>(app.db, access, body.Id))?.IsAdmin
      : body.IsAdmin;
    return isAdmin === true ? rest : body;
  };

  await listCalls(fastify, {
    entityId: roleEntity.id,
    permission: readRoles.permission,
    item: roleSummarySchema,
    orderBy: 'Name',
    all: '/api/roles/GetAllRoles',
    odata: '/odata/RolesOData',
  });

  app.get(
    '/api/roles/GetFullListOfRoles',
    { config: readRoles, schema: { response: { 200: { type: 'array', items: fullRoleSchema } } } },
    async (request) => rolesWithLists(app.db, await roles(request)),
  );

  app.get(
    '/api/roles/GetRoleById/:id',
    { config: readRoles, schema: { params: getByIdParamsSchema, response: { 200: roleSchema } } },
    async (request) => editor(request, request.params.id),
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
      const held = await listRolesOfUsers(app.db, [id]);
      return held.map((r) => ({ Id: r.id, Name: r.name, IsAdmin: r.isAdmin, IsChecked: true }));
    },
  );

  app.post(
    '/api/Roles/SaveRole',
    {
      config: { ...manageRoles, audited: true },
      schema: { body: saveRoleRequestSchema, response: { 200: roleSchema } },
    },
    async (request) => {
      const access = await roles(request);
      const saved = await saveEntity<{ Id: number }>(app.db, access, {
        ...(await asEdited(access, request.body)),
      });
      return editor(request, saved.Id);
    },
  );

  app.get(
    '/api/roles/DeleteRole/:id',
    {
      config: { ...manageRoles, stateChanging: true, audited: true },
      schema: {
        params: idParamsSchema,
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      await deleteEntity(app.db, await roles(request), request.params.id, undefined).catch(
        (error: unknown) => {
          throw shownAsException(error);
        },
      );
      return reply.status(204).send(null);
    },
  );
}
