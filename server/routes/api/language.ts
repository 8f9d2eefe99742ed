import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { platformConstants } from '#metadata';
import { AppError } from '../../errors/app-error';
import { findLanguage, listLanguages } from '../../repositories/languages';
import { buildTranslationFile } from '../../services/translation-files';

const oneYearSeconds = 31_536_000;

export async function languageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/Language/GetLanguages',
    {
      config: { permission: 'everybody' },
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                Id: { type: 'string' },
                Name: { type: 'string' },
                AngularCulture: { type: 'string' },
                KendoCulture: { type: 'string' },
                LastUpdated: { type: 'number' },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      const languages = await listLanguages(app.db);
      return languages.map((l) => ({
        Id: l.id,
        Name: l.name,
        AngularCulture: l.angularCulture,
        KendoCulture: l.kendoCulture,
        LastUpdated: l.lastUpdated.getTime(),
      }));
    },
  );

  app.get(
    '/api/Language/translations/:language',
    {
      config: { permission: 'everybody' },
      schema: {
        params: {
          type: 'object',
          required: ['language'],
          properties: { language: { type: 'string', pattern: '^[A-Za-z0-9-]{1,20}$' } },
        },
        querystring: {
          type: 'object',
          properties: { v: { type: 'string', maxLength: 40 } },
        },
        response: { 200: { type: 'object', additionalProperties: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const language = request.params.language.toLowerCase();
      if (
        language !== platformConstants.fallbackLanguage &&
        !(await findLanguage(app.db, language))
      ) {
        throw new AppError('NotFound', `There is no language '${language}'.`);
      }
      // A versioned URL never changes: the version is bumped whenever a text changes.
      reply.header(
        'Cache-Control',
        request.query.v ? `public, max-age=${oneYearSeconds}, immutable` : 'no-cache',
      );
      return buildTranslationFile(app.db, language);
    },
  );
}
