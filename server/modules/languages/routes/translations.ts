import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  languageEntity,
  maxTranslationFileBytes,
  maxTranslationLength,
  maxTranslationRows,
  platformConstants,
} from '#metadata';
import type { Database } from '../../../db/schema';
import type { Kysely } from 'kysely';
import { entityCallerOf } from '../../../engine/routes/caller';
import { AppError } from '../../../errors/app-error';
import { readUploadedFile, withUploads } from '../../../plugins/uploads';
import { findLanguage } from '../repositories/languages';
import { loadDefaultTexts, loadTranslations } from '../repositories/translations';
import { buildTranslationFile } from '../translation-files';
import { readTranslationsCsv, translationsCsv, type TranslationRow } from '../csv-file';
import { applyTranslationEdits } from '../translation-edits';

const manageLanguages = { permission: languageEntity.permissions.read };
/** How many unknown keys an import names (it counts them all). */
const namedUnknownCap = 50;

const codeSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Za-z0-9-]+$',
} as const;

const translationRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Key', 'DefaultText', 'Translation'],
  properties: {
    Key: { type: 'string' },
    DefaultText: { type: 'string' },
    /** The language's text; empty when untranslated. */
    Translation: { type: 'string' },
  },
} as const;

async function existingLanguage(db: Kysely<Database>, code: string) {
  const language = await findLanguage(db, code.toLowerCase());
  if (!language) throw new AppError('NotFound', `There is no language '${code}'.`);
  return language;
}

/**
 * Every key, its default text and the language's translation (empty when untranslated); the
 * fake language's are the texts it generates, as its users see them.
 */
async function translationRows(db: Kysely<Database>, code: string): Promise<TranslationRow[]> {
  const defaults = await loadDefaultTexts(db);
  const translated =
    code === platformConstants.fakeLanguage
      ? await buildTranslationFile(db, code)
      : await loadTranslations(db, code);
  return Object.keys(defaults)
    .sort()
    .map((key) => ({ Key: key, DefaultText: defaults[key]!, Translation: translated[key] ?? '' }));
}

/** The translation editor's calls and a language's CSV file (ManageLanguages). */
export async function translationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/Language/GetTranslationsByLanguage',
    {
      config: manageLanguages,
      schema: {
        querystring: {
          type: 'object',
          required: ['language'],
          properties: { language: codeSchema },
        },
        response: { 200: { type: 'array', items: translationRowSchema } },
      },
    },
    async (request, reply) => {
      const language = await existingLanguage(app.db, request.query.language);
      reply.header('Cache-Control', 'no-store');
      return translationRows(app.db, language.id);
    },
  );

  app.put(
    '/api/Language/UpdateTranslations',
    {
      config: { ...manageLanguages, audited: true },
      schema: {
        body: {
          type: 'object',
          required: ['Language', 'Items'],
          properties: {
            Language: codeSchema,
            Items: {
              type: 'array',
              minItems: 1,
              maxItems: maxTranslationRows,
              items: {
                type: 'object',
                required: ['Key', 'Translation', 'OldTranslation'],
                properties: {
                  Key: { type: 'string', minLength: 1, maxLength: 200 },
                  Translation: { type: 'string', maxLength: maxTranslationLength },
                  OldTranslation: { type: ['string', 'null'], maxLength: maxTranslationLength },
                },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['UpdatedCount', 'LastUpdated'],
            properties: { UpdatedCount: { type: 'integer' }, LastUpdated: { type: 'number' } },
          },
        },
      },
    },
    async (request) => {
      const code = request.body.Language.toLowerCase();
      const keys = new Set<string>();
      for (const item of request.body.Items) {
        if (keys.has(item.Key)) {
          throw new AppError('BadRequest', `The key '${item.Key}' is given twice.`, [
            { Field: item.Key, Message: 'is given twice' },
          ]);
        }
        keys.add(item.Key);
      }
      const count = await applyTranslationEdits(
        app.db,
        code,
        request.body.Items,
        entityCallerOf(request).actor,
      );
      const language = await existingLanguage(app.db, code);
      return { UpdatedCount: count, LastUpdated: language.lastUpdated.getTime() };
    },
  );

  app.get(
    '/api/Language/ExportLanguage',
    {
      config: { ...manageLanguages, streams: 'text/csv' },
      schema: {
        querystring: { type: 'object', required: ['code'], properties: { code: codeSchema } },
      },
    },
    async (request, reply) => {
      const language = await existingLanguage(app.db, request.query.code);
      const file = await translationsCsv(await translationRows(app.db, language.id));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="translations-${language.id}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  await withUploads(fastify, (uploads) => {
    uploads.withTypeProvider<JsonSchemaToTsProvider>().post(
      '/api/Language/ImportLanguage',
      {
        config: { ...manageLanguages, audited: true },
        schema: {
          querystring: { type: 'object', required: ['code'], properties: { code: codeSchema } },
          response: {
            200: {
              type: 'object',
              required: ['ImportedCount', 'NotFoundCount', 'NotFoundKeys', 'ChangedCount'],
              properties: {
                ImportedCount: { type: 'integer' },
                NotFoundCount: { type: 'integer' },
                /** The first unknown keys (at most 50). */
                NotFoundKeys: { type: 'array', items: { type: 'string' } },
                ChangedCount: { type: 'integer' },
              },
            },
          },
        },
      },
      async (request) => {
        const code = request.query.code.toLowerCase();
        try {
          if (code === platformConstants.fakeLanguage) {
            throw new AppError(
              'BadRequest',
              'The fake language is generated; it takes no import.',
              [{ Field: 'code', Message: 'is generated, not translated' }],
            );
          }
          await existingLanguage(app.db, code);
          const file = await readUploadedFile(request, maxTranslationFileBytes);
          const rows = readTranslationsCsv(file.fileName, file.data);
          const defaults = await loadDefaultTexts(app.db);
          const known = rows.filter((row) => row.Key in defaults);
          const unknown = rows.filter((row) => !(row.Key in defaults)).map((row) => row.Key);
          const changed = await applyTranslationEdits(
            app.db,
            code,
            known.map((row) => ({ Key: row.Key, Translation: row.Translation })),
            entityCallerOf(request).actor,
            `Imported from ${file.fileName.slice(0, 100)}.`,
          );
          return {
            ImportedCount: known.filter((row) => row.Translation !== '').length,
            NotFoundCount: unknown.length,
            NotFoundKeys: unknown.slice(0, namedUnknownCap),
            ChangedCount: changed,
          };
        } catch (error) {
          request.log.warn(
            { language: code, reason: error instanceof Error ? error.message : String(error) },
            'language import refused',
          );
          throw error;
        }
      },
    );
  });
}
