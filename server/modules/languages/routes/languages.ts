import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  availableCultures,
  languageCodePattern,
  languageEntity,
  languageSchema,
  platformConstants,
} from '#metadata';
import { fieldChanges, recordChange } from '../../../engine/change-log';
import { entityCallerOf } from '../../../engine/routes/caller';
import { AppError } from '../../../errors/app-error';
import {
  deleteLanguageRow,
  findLanguage,
  findLanguageForUpdate,
  insertLanguage,
  listLanguages,
  touchLanguages,
} from '../repositories/languages';
import { getSetting, putSetting } from '../../settings/index';
import { cachedSetting, forgetSettings } from '../../settings/index';
import { buildTranslationFile } from '../translation-files';
import { languageEntityType } from '../translation-edits';

const oneYearSeconds = 31_536_000;
const { defaultLanguage, fallbackLanguage, fakeLanguage } = platformConstants;
const manageLanguages = { permission: languageEntity.permissions.read };

const cultureList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['Id', 'Name'],
    additionalProperties: false,
    properties: { Id: { type: 'string' }, Name: { type: 'string' } },
  },
} as const;

const names = new Intl.DisplayNames(['en'], { type: 'language' });
/** The cultures with their English names, e.g. `de-DE (German (Germany))`. */
const cultures = availableCultures.map((code) => {
  let name = code;
  try {
    name = `${code} (${names.of(code) ?? code})`;
  } catch {
    // A code the runtime does not name is shown as it is.
  }
  return { Id: code, Name: name };
});

const cultureField = { type: 'string', enum: [...availableCultures] } as const;

const createBodySchema = {
  type: 'object',
  required: ['Id', 'Name'],
  properties: {
    Id: { type: 'string', minLength: 2, maxLength: 20, pattern: languageCodePattern },
    Name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    AngularCulture: cultureField,
    KendoCulture: cultureField,
  },
} as const;

const codeOnly = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Za-z0-9-]+$',
} as const;

/**
 * `api/Language/*`: the languages users pick from, each language's translation file, and the
 * administration of languages (ManageLanguages), whose list is the engine's
 * `odata/LanguagesOData`.
 */
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
      // Localization.UseFakeLocalization offers the pseudo-localised language to users.
      const offerFake = await cachedSetting(app.db, 'Localization.UseFakeLocalization', true);
      const languages = await listLanguages(app.db);
      return languages
        .filter((l) => offerFake || l.id !== fakeLanguage)
        .map((l) => ({
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
      if (language !== fallbackLanguage && !(await findLanguage(app.db, language))) {
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

  // The engine's detail form reads a row here: id 0 is a new language, with its defaults.
  app.get(
    '/api/Language/GetLanguageById/:id',
    {
      config: manageLanguages,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: codeOnly } },
        response: {
          200: { ...languageSchema, required: ['AngularCulture', 'KendoCulture'] },
        },
      },
    },
    async (request) => {
      if (request.params.id === '0') return { AngularCulture: 'en', KendoCulture: 'en' };
      const row = await app.db
        .selectFrom('languages')
        .select(['id', 'name', 'angularCulture', 'kendoCulture', 'version'])
        .where('id', '=', request.params.id.toLowerCase())
        .executeTakeFirst();
      if (!row) throw new AppError('NotFound', `There is no language '${request.params.id}'.`);
      return {
        Id: row.id,
        Name: row.name,
        AngularCulture: row.angularCulture,
        KendoCulture: row.kendoCulture,
        Version: row.version,
      };
    },
  );

  for (const which of ['Angular', 'Kendo']) {
    app.get(
      `/api/Language/GetAvailable${which}Cultures`,
      { config: manageLanguages, schema: { response: { 200: cultureList } } },
      async () => cultures,
    );
  }

  app.post(
    '/api/Language/CreateLanguage',
    {
      config: { ...manageLanguages, audited: true },
      schema: { body: createBodySchema, response: { 200: languageSchema } },
    },
    async (request) => {
      const { actor } = entityCallerOf(request);
      const row = {
        id: request.body.Id,
        name: request.body.Name.trim(),
        angularCulture: request.body.AngularCulture ?? 'en',
        kendoCulture: request.body.KendoCulture ?? 'en',
      };
      const created = await app.db.transaction().execute(async (trx) => {
        if (!(await insertLanguage(trx, row))) {
          throw new AppError(
            'BadRequest',
            `There is already a language with the code '${row.id}'.`,
            [{ Field: 'Id', Message: 'is already taken' }],
            { flags: { DuplicatePK: true } },
          );
        }
        const after = {
          Id: row.id,
          Name: row.name,
          AngularCulture: row.angularCulture,
          KendoCulture: row.kendoCulture,
        };
        await recordChange(trx, {
          entityType: languageEntityType,
          entityId: row.id,
          actionType: 0,
          actor,
          changes: fieldChanges(null, after, Object.keys(after)),
        });
        return after;
      });
      return { ...created, Version: 1 };
    },
  );

  app.post(
    '/api/Language/DeleteLanguage',
    {
      config: { ...manageLanguages, audited: true },
      schema: {
        // The grid's row action names the language in the query, the spec's client in the body.
        querystring: { type: 'object', properties: { Id: codeOnly } },
        body: { type: ['object', 'null'], properties: { Id: codeOnly } },
        response: { 204: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const code = (request.body?.Id ?? request.query.Id)?.toLowerCase();
      if (!code) {
        throw new AppError('BadRequest', 'Name the language to delete.', [
          { Field: 'Id', Message: 'is required' },
        ]);
      }
      if (code === defaultLanguage || code === fakeLanguage) {
        throw new AppError(
          'Conflict',
          code === defaultLanguage
            ? 'The default language cannot be deleted.'
            : 'The fake language cannot be deleted.',
        );
      }
      const { actor } = entityCallerOf(request);
      await app.db.transaction().execute(async (trx) => {
        const language = await findLanguageForUpdate(trx, code);
        if (!language) throw new AppError('NotFound', `There is no language '${code}'.`);
        const moved = await trx
          .updateTable('users')
          .set({ languageId: defaultLanguage })
          .where('languageId', '=', code)
          .executeTakeFirst();
        // Its translations, menu and templates go with it (the foreign keys cascade).
        await deleteLanguageRow(trx, code);
        const before = {
          Id: language.id,
          Name: language.name,
          AngularCulture: language.angularCulture,
          KendoCulture: language.kendoCulture,
        };
        const users = Number(moved.numUpdatedRows ?? 0);
        await recordChange(trx, {
          entityType: languageEntityType,
          entityId: code,
          actionType: 2,
          actor,
          changes: fieldChanges(before, null, Object.keys(before)),
          genericLog: users > 0 ? `${users} users moved to ${defaultLanguage}.` : null,
        });
      });
      return reply.status(204).send(null);
    },
  );

  const fakeOptionsSchema = {
    type: 'object',
    required: ['GenerateLongerFakes', 'GenerateCompoundFakes', 'LastUpdated'],
    properties: {
      GenerateLongerFakes: { type: 'boolean' },
      GenerateCompoundFakes: { type: 'boolean' },
      LastUpdated: { type: 'number' },
    },
  } as const;

  // The switches of the languages screen, as they stand (not a spec call).
  app.get(
    '/api/Language/GetFakeLocalization',
    { config: manageLanguages, schema: { response: { 200: fakeOptionsSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const fake = await findLanguage(app.db, fakeLanguage);
      return {
        GenerateLongerFakes:
          (await getSetting(app.db, 'Localization.GenerateLongerFakes', false)) === true,
        GenerateCompoundFakes:
          (await getSetting(app.db, 'Localization.GenerateCompoundFakes', false)) === true,
        LastUpdated: fake?.lastUpdated.getTime() ?? 0,
      };
    },
  );

  app.post(
    '/api/Language/UpdateFakeLocalization',
    {
      config: { ...manageLanguages, audited: true },
      schema: {
        body: {
          type: 'object',
          required: ['GenerateLongerFakes', 'GenerateCompoundFakes'],
          properties: {
            GenerateLongerFakes: { type: 'boolean' },
            GenerateCompoundFakes: { type: 'boolean' },
          },
        },
        response: { 200: fakeOptionsSchema },
      },
    },
    async (request) => {
      const { actor } = entityCallerOf(request);
      const wanted = {
        'Localization.GenerateLongerFakes': request.body.GenerateLongerFakes,
        'Localization.GenerateCompoundFakes': request.body.GenerateCompoundFakes,
      };
      await app.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('settings')
          .select(['key', 'value'])
          .where('key', 'in', Object.keys(wanted))
          .forUpdate()
          .execute();
        const before = Object.fromEntries(rows.map((r) => [r.key, r.value === true]));
        for (const [key, value] of Object.entries(wanted)) await putSetting(trx, key, value);
        await touchLanguages(trx, [fakeLanguage]);
        const changes = fieldChanges(before, wanted, Object.keys(wanted));
        for (const change of changes) {
          await recordChange(trx, {
            entityType: 'Setting',
            entityId: change.Field,
            actionType: 1,
            actor,
            changes: [change],
          });
        }
      });
      forgetSettings(app.db);
      const fake = await findLanguage(app.db, fakeLanguage);
      return { ...request.body, LastUpdated: fake?.lastUpdated.getTime() ?? Date.now() };
    },
  );
}
