import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { menuItemSchema, platformConstants } from '#metadata';
import { pseudoLocalize } from '#platform/core';
import { listMenuItems } from '../../repositories/menu';

export async function menuRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { defaultLanguage, fakeLanguage } = platformConstants;

  /** The main menu of a language; a language without a menu of its own gets the default one. */
  app.get(
    '/api/menu/GetMenu',
    {
      config: { permission: 'everybody' },
      schema: {
        querystring: {
          type: 'object',
          properties: { language: { type: 'string', pattern: '^[A-Za-z0-9-]{1,20}$' } },
        },
        response: { 200: { type: 'array', items: menuItemSchema } },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      const language = (request.query.language ?? defaultLanguage).toLowerCase();
      if (language === fakeLanguage) {
        const items = await listMenuItems(app.db, defaultLanguage);
        return items.map((item) => ({ ...item, Name: pseudoLocalize(item.Name) }));
      }
      const own = await listMenuItems(app.db, language);
      return own.length > 0 ? own : listMenuItems(app.db, defaultLanguage);
    },
  );
}
