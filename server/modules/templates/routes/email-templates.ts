import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type EmailTemplateView,
  getByIdParamsSchema,
  idParamsSchema,
  platformConstants,
  saveTemplateRequestSchema,
  templateByIdQuerySchema,
  templateEntity,
  templateSchema,
} from '#metadata';
import {
  blankEntity,
  deleteEntity,
  isNewRowKey,
  readEntityOrBlank,
  saveEntity,
} from '../../../engine/entity-service';
import { accessById } from '../../../engine/routes/caller';
import { AppError } from '../../../errors/app-error';
import { findTranslationId, languageExists } from '../email-templates-repository';

const manageTemplates = { permission: templateEntity.permissions.read };

/**
 * `api/EmailTemplate/*`: thin adapters onto the engine, whose hooks keep system templates,
 * sanitise bodies and check one template per code and language on every path.
 */
export async function emailTemplateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const templates = (request: FastifyRequest) => accessById(request, templateEntity.id);

  /**
   * The template in `language`: itself when it is in that language, else its translation (the
   * template of the same code in that language), else a new translation to save (Id 0, the
   * template's texts to start from). A new template (id 0) starts in `language` or the default.
   */
  app.get(
    '/api/EmailTemplate/GetTemplateById/:id',
    {
      config: manageTemplates,
      schema: {
        params: getByIdParamsSchema,
        querystring: templateByIdQuerySchema,
        response: { 200: templateSchema },
      },
    },
    async (request) => {
      const access = await templates(request);
      const { id } = request.params;
      const { language } = request.query;
      if (language !== undefined && !(await languageExists(app.db, language))) {
        throw new AppError('BadRequest', 'language: is not a language of this installation.', [
          { Field: 'language', Message: 'is not a language of this installation' },
        ]);
      }
      if (isNewRowKey(id)) {
        const blank = blankEntity<EmailTemplateView>(access);
        return {
          ...blank,
          IsSystem: false,
          Language: language ?? platformConstants.defaultLanguage,
        };
      }
      const row = await readEntityOrBlank<EmailTemplateView>(app.db, access, id);
      if (language === undefined || row.Language === language) return row;
      const translation = await findTranslationId(app.db, id, language);
      if (translation !== undefined) {
        return readEntityOrBlank<EmailTemplateView>(app.db, access, translation);
      }
      return { ...row, Id: 0, Version: 0, Language: language };
    },
  );

  app.post(
    '/api/EmailTemplate/SaveTemplate',
    {
      config: { ...manageTemplates, audited: true },
      bodyLimit: 512 * 1024,
      schema: { body: saveTemplateRequestSchema, response: { 200: templateSchema } },
    },
    async (request) =>
      saveEntity<EmailTemplateView>(app.db, await templates(request), { ...request.body }),
  );

  app.get(
    '/api/EmailTemplate/DeleteTemplate/:id',
    {
      config: { ...manageTemplates, stateChanging: true, audited: true },
      schema: {
        params: idParamsSchema,
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      await deleteEntity(app.db, await templates(request), request.params.id, undefined);
      return reply.status(204).send(null);
    },
  );
}
