import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  groupEntity,
  getByIdParamsSchema,
  idParamsSchema,
  odataPageSchema,
  odataQuerySchema,
  platformConstants,
  roleEntity,
  unitEntity,
  userEntity,
  userSchema,
  userSettingsSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findLanguage } from '../../languages/index';
import { withReadPermission } from '../../../engine/entity-access';
import { listEntity, maxListTop } from '../../../engine/entity-list';
import { readEntity } from '../../../engine/entity-service';
import { callerMay } from '../rules/caller';
import { userNotFound } from '../rules/user-access';
import {
  type UserEditorAccess,
  userEditorView,
  userListView,
  userPageView,
} from '../rules/user-views';
import { usersBelongTo } from '../rules/users-belong-to';
import { accessById } from '../../../engine/routes/caller';
import { callerOf } from './caller';

const manageUsers = { permission: 'ManageUsers' };
const byName = [{ field: 'Name', desc: false }];

/** The user editor's reads: users, and every role, group and unit a user manager may offer. */
async function editorAccess(request: FastifyRequest): Promise<UserEditorAccess> {
  const offered = async (id: number) =>
    withReadPermission(await accessById(request, id), manageUsers.permission);
  return {
    users: await accessById(request, userEntity.id),
    roles: await offered(roleEntity.id),
    groups: (await usersBelongTo(request.server.db)).groups ? await offered(groupEntity.id) : null,
    units: await offered(unitEntity.id),
  };
}

/** A user as the editor shows it (GetUserById, SaveUser's answer); 404 beyond the caller's reach. */
export async function userEditorOf(request: FastifyRequest, id: number) {
  const user = await userEditorView(request.server.db, await editorAccess(request), id);
  if (!user) throw userNotFound();
  return user;
}

/**
 * `api/users/*` reads and `odata/UsersOData`: thin adapters onto the engine, whose user hooks
 * keep each caller to the users of their company or groups.
 */
export async function userReadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const users = (request: FastifyRequest) => accessById(request, userEntity.id);

  app.get(
    '/api/users/GetAllUsers',
    { config: manageUsers, schema: { response: { 200: { type: 'array', items: userSchema } } } },
    async (request) => {
      const membership = await usersBelongTo(app.db);
      const params = { $top: String(maxListTop) };
      const page = await listEntity(app.db, await users(request), params, { orderBy: byName });
      return page.value.map((user) => userListView(user, membership));
    },
  );

  app.get(
    '/odata/UsersOData',
    {
      config: manageUsers,
      schema: { querystring: odataQuerySchema, response: { 200: odataPageSchema(userSchema) } },
    },
    async (request) => {
      const membership = await usersBelongTo(app.db);
      const params = { $count: 'true', ...request.query };
      const page = await listEntity(app.db, await users(request), params, { orderBy: byName });
      return { ...page, value: page.value.map((user) => userPageView(user, membership)) };
    },
  );

  app.get(
    '/api/users/GetUserById/:id',
    { config: manageUsers, schema: { params: getByIdParamsSchema, response: { 200: userSchema } } },
    async (request) => userEditorOf(request, request.params.id),
  );

  app.get(
    '/api/users/GetCurrentUserId',
    { config: { permission: 'authorized' }, schema: { response: { 200: { type: 'integer' } } } },
    async (request) => callerOf(request).id,
  );

  app.get(
    '/api/users/GetDefaultAdminLanguage',
    { config: { permission: 'authorized' }, schema: { response: { 200: { type: 'string' } } } },
    // A bare string would go out as text; the client reads a JSON string.
    async (_request, reply) =>
      reply.type('application/json').send(JSON.stringify(platformConstants.defaultLanguage)),
  );

  app.get(
    '/api/Users/GetUserSettings/:id',
    {
      config: { permission: 'authorized' },
      schema: { params: idParamsSchema, response: { 200: userSettingsSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      let language: unknown = request.currentUser?.Language;
      if (id !== caller.id) {
        if (!callerMay(caller, manageUsers.permission)) {
          throw new AppError('Forbidden', 'You do not have permission to do that.');
        }
        const user = await readEntity(app.db, await users(request), id);
        if (!user) throw userNotFound();
        language = user.Language;
      }
      const code = typeof language === 'string' ? language : platformConstants.defaultLanguage;
      const row = await findLanguage(app.db, code);
      return { UserId: id, Language: code, LastUpdated: row?.lastUpdated.getTime() ?? 0 };
    },
  );
}
