import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getByIdParamsSchema,
  idParamsSchema,
  permissionEntity,
  permissionSchema,
  type PermissionView,
  routePermissionSchema,
  savePermissionRequestSchema,
} from '#metadata';
import { deleteEntity, readEntityOrBlank, saveEntity } from '../../../engine/entity-service';
import { accessById } from '../../../engine/routes/caller';
import { listCalls } from '../../../engine/routes/list-calls';
import { screenRoutes } from '../../app-shell/index';

const managePermissions = { permission: 'ManagePermissions' };

/**
 * `api/permissions/*` and `odata/PermissionsOData`: thin adapters onto the engine, which
 * applies the permission rules (system permissions stay) on these calls and the generic ones.
 */
export async function permissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const permissions = (request: FastifyRequest) => accessById(request, permissionEntity.id);

  await listCalls(fastify, {
    entityId: permissionEntity.id,
    permission: managePermissions.permission,
    item: permissionSchema,
    orderBy: 'Name',
    all: '/api/permissions/GetAllPermissions',
    odata: '/odata/PermissionsOData',
  });

  app.get(
    '/api/permissions/GetPermissionById/:id',
    {
      config: managePermissions,
      schema: { params: getByIdParamsSchema, response: { 200: permissionSchema } },
    },
    async (request) =>
      readEntityOrBlank<PermissionView>(app.db, await permissions(request), request.params.id),
  );

  app.get(
    '/api/permissions/GetRoutePermissions',
    {
      config: managePermissions,
      schema: { response: { 200: { type: 'array', items: routePermissionSchema } } },
    },
    async () =>
      screenRoutes().map((r) => ({ Name: r.name, Route: r.route, Permission: r.Permission })),
  );

  app.post(
    '/api/permissions/SavePermission',
    {
      config: { ...managePermissions, audited: true },
      schema: { body: savePermissionRequestSchema, response: { 200: permissionSchema } },
    },
    async (request) =>
      saveEntity<PermissionView>(app.db, await permissions(request), { ...request.body }),
  );

  app.get(
    '/api/permissions/DeletePermission/:id',
    {
      config: { ...managePermissions, stateChanging: true, audited: true },
      schema: {
        params: idParamsSchema,
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      await deleteEntity(app.db, await permissions(request), request.params.id, undefined);
      return reply.status(204).send(null);
    },
  );
}
