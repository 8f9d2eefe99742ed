import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  odataPageSchema,
  odataQuerySchema,
  permissionSchema,
  routeDefinitions,
  routePermissionSchema,
  savePermissionRequestSchema,
  permissionEntity,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findPermission, listPermissions } from '../../../repositories/permissions';
import { keyPage, selectFields } from '../../../services/engine/key-page';
import {
  permissionView,
  removePermission,
  savePermission,
} from '../../../services/people/save-permission';
import { callerOf } from './caller';
import { sameOriginOnly } from './same-origin';

const managePermissions = { permission: 'ManagePermissions' };

export async function permissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/permissions/GetAllPermissions',
    {
      config: managePermissions,
      schema: { response: { 200: { type: 'array', items: permissionSchema } } },
    },
    async () => (await listPermissions(app.db)).map(permissionView),
  );

  app.get(
    '/odata/PermissionsOData',
    {
      config: managePermissions,
      schema: {
        querystring: odataQuerySchema,
        response: { 200: odataPageSchema(permissionSchema) },
      },
    },
    async (request) => {
      const page = await keyPage(app.db, permissionEntity.id, request.query, [
        { field: 'Name', desc: false },
      ]);
      const [count, permissions] = await Promise.all([
        page.count,
        listPermissions(app.db, page.keys),
      ]);
      return {
        '@odata.count': count,
        value: selectFields(permissions.map(permissionView), page.select),
      };
    },
  );

  app.get(
    '/api/permissions/GetPermissionById/:id',
    {
      config: managePermissions,
      schema: { params: idParamsSchema, response: { 200: permissionSchema } },
    },
    async (request) => {
      const permission = await findPermission(app.db, request.params.id);
      if (!permission) throw new AppError('NotFound', 'The permission does not exist.');
      return permissionView(permission);
    },
  );

  app.get(
    '/api/permissions/GetRoutePermissions',
    {
      config: managePermissions,
      schema: { response: { 200: { type: 'array', items: routePermissionSchema } } },
    },
    async () =>
      routeDefinitions.map((r) => ({ Name: r.name, Route: r.route, Permission: r.Permission })),
  );

  app.post(
    '/api/permissions/SavePermission',
    {
      config: managePermissions,
      schema: { body: savePermissionRequestSchema, response: { 200: permissionSchema } },
    },
    async (request) => savePermission(app.db, callerOf(request), request.body),
  );

  app.get(
    '/api/permissions/DeletePermission/:id',
    { config: managePermissions, schema: { params: idParamsSchema }, onRequest: sameOriginOnly },
    async (request, reply) => {
      await removePermission(app.db, callerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
