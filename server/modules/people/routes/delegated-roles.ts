import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkedRoleSchema,
  idParamsSchema,
  roleDelegationsSchema,
  roleEntity,
  updateDelegatedRolesRequestSchema,
  versionSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { isNewRowKey, readEntity, saveEntity } from '../../../engine/entity-service';
import { delegatedRolesOfUser } from '../rules/role-delegations';
import { roleEditorView, rolesWithLists } from '../rules/role-views';
import { isUserInScope, userNotFound } from '../rules/user-access';
import { accessById } from '../../../engine/routes/caller';
import { callerOf } from './caller';

const viewDelegated = { permission: 'ViewDelegatedRoles,ManageDelegatedRoles' };
const checkedRoles = { type: 'array', items: checkedRoleSchema } as const;
const roleNotFound = () => new AppError('NotFound', 'The role does not exist.');

/**
 * Delegated roles: the roles holders of a role may hand on to others. Read and written through
 * the engine as the role's `DelegatedRoles`, under the role hooks.
 */
export async function delegatedRoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const roles = (request: FastifyRequest) => accessById(request, roleEntity.id);
  /** Every other role, checked when the role `id` delegates it. */
  const delegatedBy = async (request: FastifyRequest, id: number) => {
    const role = isNewRowKey(id)
      ? undefined
      : await roleEditorView(app.db, await roles(request), id);
    if (!role) throw roleNotFound();
    return role.DelegatedRoles;
  };

  // The spec's client calls the misspelt path; the correct spelling is served too.
  for (const name of ['GetDeledatedRoles', 'GetDelegatedRoles']) {
    app.get(
      `/api/roles/${name}`,
      {
        config: viewDelegated,
        schema: { response: { 200: { type: 'array', items: roleDelegationsSchema } } },
      },
      async (request) => rolesWithLists(app.db, await roles(request)),
    );
    app.get(
      `/api/roles/${name}/:id`,
      {
        config: viewDelegated,
        schema: { params: idParamsSchema, response: { 200: checkedRoles } },
      },
      async (request) => delegatedBy(request, request.params.id),
    );
  }

  app.get(
    '/api/roles/GetDelegatedRolesByUserId/:id',
    {
      config: viewDelegated,
      schema: {
        params: idParamsSchema,
        response: {
          200: {
            type: 'array',
            items: {
              ...checkedRoleSchema,
              required: ['Id', 'Name', 'IsAdmin'],
            },
          },
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await isUserInScope(app.db, callerOf(request), id))) throw userNotFound();
      return delegatedRolesOfUser(app.db, id);
    },
  );

  app.put(
    '/api/Roles/UpdateDelegatedRoles/:id',
    {
      config: { permission: 'ManageDelegatedRoles', audited: true },
      schema: {
        params: idParamsSchema,
        /** The version the list was read at; the current one when the call carries none. */
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { version: versionSchema },
        },
        body: updateDelegatedRolesRequestSchema,
        response: { 200: checkedRoles },
      },
    },
    async (request) => {
      const { id } = request.params;
      const access = await roles(request);
      const role = isNewRowKey(id)
        ? undefined
        : await readEntity<{ Version: number }>(app.db, access, id);
      if (!role) throw roleNotFound();
      await saveEntity(app.db, access, {
        Id: id,
        Version: request.query.version ?? role.Version,
        DelegatedRoles: request.body,
      });
      return delegatedBy(request, id);
    },
  );
}
