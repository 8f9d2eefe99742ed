import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type MenuItem, menuItemSchema, menuSaveSchema, platformConstants } from '#metadata';
import { hasPermission, pseudoLocalize } from '#platform/core';
import type { Database } from '../../../db/schema';
import { entityCallerOf } from '../../../engine/routes/caller';
import { AppError } from '../../../errors/app-error';
import { subjectOf } from '../../../plugins/access';
import { listMenuItems } from '../menu-repository';
import { menuEtag } from '../menu-etag';
import { menuVisibleTo } from '../menu-visibility';
import { saveMenu } from '../save-menu';

const manageMenu = 'ManageMenu';
const menuAnswer = {
  type: 'array',
  items: menuItemSchema,
  description: "The menu; its ETag header tags the language's stored menu, for If-Match",
} as const;

/**
 * A language's menu as served: its own, or the default language's when it has none (the fake
 * language's pseudo-localised); tagged with the ETag of the language's own stored menu, which
 * a save of that language must match.
 */
async function servedMenu(db: Kysely<Database>, language: string) {
  const { defaultLanguage, fakeLanguage } = platformConstants;
  const own = await listMenuItems(db, language);
  const etag = menuEtag(own);
  if (language === fakeLanguage) {
    const items = await listMenuItems(db, defaultLanguage);
    return { etag, items: items.map((item) => ({ ...item, Name: pseudoLocalize(item.Name) })) };
  }
  return { etag, items: own.length > 0 ? own : await listMenuItems(db, defaultLanguage) };
}

/**
 * The main menu: `GET api/menu/GetMenu?language=` serves each caller what they may open
 * (`&all=true`: the whole stored menu, for the menu editor, to holders of ManageMenu), and
 * `POST api/menu/SaveMenu` replaces a language's menu, honouring `If-Match`.
 */
export async function menuRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/menu/GetMenu',
    {
      config: { permission: 'everybody' },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            language: { type: 'string', pattern: '^[A-Za-z0-9-]{1,20}$' },
            all: { type: 'boolean', description: 'The whole menu, unfiltered (ManageMenu)' },
          },
        },
        response: { 200: menuAnswer },
      },
    },
    async (request, reply): Promise<MenuItem[]> => {
      reply.header('Cache-Control', 'no-cache');
      if (request.query.all && !hasPermission(manageMenu, subjectOf(request))) {
        throw request.currentUser
          ? new AppError('Forbidden', 'You do not have permission to do that.')
          : new AppError('Unauthorized', 'Please sign in to continue.');
      }
      const language = (request.query.language ?? platformConstants.defaultLanguage).toLowerCase();
      const { etag, items } = await servedMenu(app.db, language);
      reply.header('ETag', etag);
      if (request.query.all) return items;
      return menuVisibleTo(app.db, app.entityHooks, entityCallerOf(request), items);
    },
  );

  app.post(
    '/api/menu/SaveMenu',
    {
      config: { permission: manageMenu, audited: true },
      schema: {
        headers: {
          type: 'object',
          properties: { 'if-match': { type: 'string', maxLength: 200 } },
        },
        body: menuSaveSchema,
        response: { 200: menuAnswer },
      },
    },
    async (request, reply) => {
      const { items, etag } = await saveMenu(app.db, {
        body: request.body,
        ifMatch: request.headers['if-match'],
        actor: entityCallerOf(request).actor,
      });
      reply.header('ETag', etag);
      return items;
    },
  );
}
