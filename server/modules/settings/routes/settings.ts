import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  captchaSettingsResultSchema,
  feedbackSettingsResultSchema,
  passwordSettingsResultSchema,
  settingsLoadResultSchema,
  settingsPaths,
  settingsSaveRequestSchema,
  type SettingsSaveRequest,
} from '#metadata';
import { entityCallerOf } from '../../../engine/routes/caller';
import { cachedSetting } from '../settings-cache';
import { settingDefault } from '../setting-registry';
import { loadSettings } from '../load-settings';
import { saveSettings } from '../save-settings';

const manageSettings = { permission: 'ManageSettings' };
const everybody = { permission: 'everybody' };
const captchaChallengePath = '/api/auth/captcha/challenge';

/** A setting of the given type, its default when the stored value is not of it. */
async function typed<T>(
  app: FastifyInstance,
  key: string,
  valid: (value: unknown) => value is T,
): Promise<T> {
  const value = await cachedSetting<unknown>(app.db, key, settingDefault(key));
  return valid(value) ? value : (settingDefault(key) as T);
}
const isText = (value: unknown): value is string => typeof value === 'string';
const isDock = (value: unknown): value is 'bottom' | 'left' | 'right' =>
  value === 'bottom' || value === 'left' || value === 'right';

/** A whole number setting, its default when the stored value is not one. */
async function wholeNumber(app: FastifyInstance, key: string): Promise<number> {
  const fallback = settingDefault(key) as number;
  const value = await cachedSetting<unknown>(app.db, key, fallback);
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/** `api/settings/*`: the installation's settings, and what sign-in screens need of them. */
export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    settingsPaths.load,
    { config: manageSettings, schema: { response: { 200: settingsLoadResultSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return loadSettings(app.db);
    },
  );

  app.post(
    settingsPaths.save,
    {
      config: { ...manageSettings, audited: true },
      schema: { body: settingsSaveRequestSchema, response: { 200: settingsLoadResultSchema } },
    },
    async (request, reply) => {
      const body = request.body as SettingsSaveRequest;
      await saveSettings(app.db, body, entityCallerOf(request).actor);
      reply.header('Cache-Control', 'no-store');
      return loadSettings(app.db);
    },
  );

  app.get(
    settingsPaths.passwordSettings,
    { config: everybody, schema: { response: { 200: passwordSettingsResultSchema } } },
    async () => {
      const minLength = await wholeNumber(app, 'Password.MinLength');
      return {
        MinLength: minLength,
        StrongLength: Math.max(minLength, await wholeNumber(app, 'Password.StrongLength')),
        ForbidEmailName: true,
        ForbidUserName: true,
      };
    },
  );

  app.get(
    settingsPaths.captchaSettings,
    { config: everybody, schema: { response: { 200: captchaSettingsResultSchema } } },
    async () => {
      const after = await wholeNumber(app, 'Security.CaptchaAfterFailedAttempts');
      return {
        Provider: 'altcha' as const,
        ChallengeUrl: captchaChallengePath,
        RequiredAfterFailedAttempts: after,
        AlwaysRequired: after <= 0,
      };
    },
  );

  app.get(
    settingsPaths.feedbackSettings,
    {
      config: { permission: 'CanManageFeedbacks' },
      schema: { response: { 200: feedbackSettingsResultSchema } },
    },
    async () => ({
      ProjectCode: await typed(app, 'Feedback.ProjectCode', isText),
      ServerCode: await typed(app, 'Feedback.ServerCode', isText),
      FeedbackUrl: await typed(app, 'Feedback.FeedbackUrl', isText),
      TestMode: (await cachedSetting<unknown>(app.db, 'Feedback.TestMode', false)) === true,
      DockPosition: await typed(app, 'Feedback.DockPosition', isDock),
    }),
  );
}
