import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  odataPageSchema,
  odataQuerySchema,
  platformConstants,
  userSchema,
  userSettingsSchema,
  userEntity,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findLanguage } from '../../../repositories/languages';
import { findUser, listUsersWithMemberships } from '../../../repositories/people-users';
import { assertMay, scopeOf } from '../../../services/engine/entity-access';
import { readEntity } from '../../../services/engine/entity-service';
import { keyPage, selectFields } from '../../../services/engine/key-page';
import { callerMay } from '../../../services/people/caller';
import { isUserInScope, userNotFound } from '../../../services/people/user-access';
import { userEditorView, userListViews } from '../../../services/people/user-views';
import { usersBelongTo } from '../../../services/people/users-belong-to';
import { accessById } from '../engine/caller';
import { callerOf } from './caller';

const manageUsers = { permission: 'ManageUsers' };

export async function userReadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/users/GetAllUsers',
    { config: manageUsers, schema: { response: { 200: { type: 'array', items: userSchema } } } },
    async (request) => {
      const access = await accessById(request, userEntity.id);
      assertMay(access, 'read');
      const membership = await usersBelongTo(app.db);
      const users = await listUsersWithMemberships(
        app.db,
        undefined,
        scopeOf(access),
        membership.groups,
      );
      return userListViews(users, membership);
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
      const access = await accessById(request, userEntity.id);
      const page = await keyPage(app.db, access, request.query, [{ field: 'Name', desc: false }]);
      const [count, users] = await Promise.all([
        page.count,
        listUsersWithMemberships(app.db, page.keys, null, membership.groups),
      ]);
      const views = userListViews(users, membership);
      return { '@odata.count': count, value: selectFields(views, page.select) };
    },
  );

  app.get(
    '/api/users/GetUserById/:id',
    { config: manageUsers, schema: { params: idParamsSchema, response: { 200: userSchema } } },
    async (request) => {
      const membership = await usersBelongTo(app.db);
      const access = await accessById(request, userEntity.id);
      const { id } = request.params;
      if (id !== 0 && !(await readEntity(app.db, access, id))) throw userNotFound();
      const user = await userEditorView(app.db, id, membership);
      if (!user) throw userNotFound();
      return user;
    },
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
      if (id !== caller.id && !callerMay(caller, 'ManageUsers')) {
        throw new AppError('Forbidden', 'You do not have permission to do that.');
      }
      const user = await findUser(app.db, id);
      if (!user) throw userNotFound();
      if (id !== caller.id && !(await isUserInScope(app.db, caller, id))) throw userNotFound();
      const language = user.languageId ?? platformConstants.defaultLanguage;
      const row = await findLanguage(app.db, language);
      return { UserId: id, Language: language, LastUpdated: row?.lastUpdated.getTime() ?? 0 };
    },
  );
}
