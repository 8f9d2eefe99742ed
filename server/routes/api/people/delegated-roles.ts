import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  checkedRoleSchema,
  idParamsSchema,
  roleDelegationsSchema,
  updateDelegatedRolesRequestSchema,
} from '#metadata';
import {
  delegatedRolesOf,
  delegatedRolesOfUser,
  delegationOverview,
  updateDelegatedRoles,
} from '../../../services/people/role-delegations';
import { isUserInScope, userNotFound } from '../../../services/people/user-access';
import { callerOf } from './caller';

const viewDelegated = { permission: 'ViewDelegatedRoles,ManageDelegatedRoles' };
const checkedRoles = { type: 'array', items: checkedRoleSchema } as const;

/** Delegated roles: the roles holders of a role may hand on to others. */
export async function delegatedRoleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  // The spec's client calls the misspelt path; the correct spelling is served too.
  for (const name of ['GetDeledatedRoles', 'GetDelegatedRoles']) {
    app.get(
      `/api/roles/${name}`,
      {
        config: viewDelegated,
        schema: { response: { 200: { type: 'array', items: roleDelegationsSchema } } },
      },
      async () => delegationOverview(app.db),
    );
    app.get(
      `/api/roles/${name}/:id`,
      {
        config: viewDelegated,
        schema: { params: idParamsSchema, response: { 200: checkedRoles } },
      },
      async (request) => delegatedRolesOf(app.db, request.params.id),
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
      config: { permission: 'ManageDelegatedRoles' },
      schema: {
        params: idParamsSchema,
        body: updateDelegatedRolesRequestSchema,
        response: { 200: checkedRoles },
      },
    },
    async (request) =>
      updateDelegatedRoles(app.db, callerOf(request), request.params.id, request.body),
  );
}
