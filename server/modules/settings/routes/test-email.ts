import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  settingsPaths,
  testEmailSettingKeys,
  testEmailSettingsRequestSchema,
  testEmailSettingsResultSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { NoSmtpServerError } from '../../../mail/mail-plugin';
import { smtpOptionsOf } from '../../../mail/smtp-settings';
import { getSetting } from '../settings-repository';
import { findText } from '../../languages/index';
import { isSetSecret } from '../load-settings';
import { settingValuesErrors } from '../setting-validation';
import { settingDefault } from '../setting-registry';

const testAddressKey = 'Email.TestEmailAddress';
const passwordKey = 'Email.SmtpPassword';
const acceptedKeys = testEmailSettingKeys;
/** The settings that say where the password goes: trying other ones needs it typed again. */
const serverKeys = ['Email.SmtpHost', 'Email.SmtpPort', 'Email.SmtpSecurity'];

const sameValue = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string'
    ? a.trim().toLowerCase() === b.trim().toLowerCase()
    : a === b;

/**
 * The server settings of a test that differ from the stored ones. The stored password is
 * write-only: sent to another server (or over a weaker connection) it could be read there.
 */
function otherServerKeys(
  overrides: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): string[] {
  return serverKeys.filter((key) => key in overrides && !sameValue(overrides[key], stored[key]));
}

/**
 * The password a test signs in with: the typed one, else the stored one, but only for the
 * stored server. A test of another server needs it typed again (400); while no server is
 * stored, the stored password belongs to none and is not sent.
 */
function testPassword(
  overrides: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): unknown {
  if (passwordKey in overrides) return overrides[passwordKey];
  const moved = otherServerKeys(overrides, stored);
  if (moved.length === 0 || !isSetSecret(stored[passwordKey])) return stored[passwordKey];
  if (!isSetSecret(stored['Email.SmtpHost'])) return '';
  throw new AppError(
    'BadRequest',
    `The test mail was not sent: type the SMTP password again to try another server (${moved.join(', ')}).`,
    [{ Field: passwordKey, Message: 'is required to try another server' }],
  );
}

/** An SMTP failure in words, without anything the server should not repeat. */
function describeFailure(error: unknown): string {
  if (error instanceof NoSmtpServerError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500) || 'The mail could not be sent.';
}

const fill = (text: string, app: string) => text.split('{{app}}').join(app);

/**
 * `POST api/settings/TestEmailSettings`: sends a test mail at once (not through the outbox)
 * with the stored `Email.*` settings, overridden by the unsaved values in the body (a blank
 * password means the stored one), to `Email.TestEmailAddress` or else the caller. Answers
 * `ErrorMessage` null when sent, else the SMTP error in words; never fails with 500 for it.
 */
export async function testEmailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    settingsPaths.testEmail,
    {
      // Each call opens a connection to the host it names: bounded, so it is not a port scanner.
      config: { permission: 'ManageSettings', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        body: testEmailSettingsRequestSchema,
        response: { 200: testEmailSettingsResultSchema },
      },
    },
    async (request) => {
      const sent = (request.body?.Values ?? {}) as Record<string, unknown>;
      const unknown = Object.keys(sent).filter((key) => !acceptedKeys.includes(key));
      if (unknown.length > 0) {
        throw new AppError(
          'BadRequest',
          `Only the e-mail settings can be tried: not ${unknown.join(', ')}.`,
          unknown.map((key) => ({ Field: key, Message: 'is not an e-mail setting' })),
        );
      }
      const overrides = { ...sent };
      if (overrides[passwordKey] === '' || overrides[passwordKey] === null) {
        delete overrides[passwordKey];
      }
      const errors = settingValuesErrors(overrides);
      if (errors.length > 0) {
        const list = errors.map((error) => `${error.Field} ${error.Message}`).join('; ');
        throw new AppError('BadRequest', `The test mail was not sent: ${list}.`, errors);
      }
      const stored: Record<string, unknown> = {};
      for (const key of acceptedKeys) {
        stored[key] = await getSetting(app.db, key, settingDefault(key));
      }
      const values: Record<string, unknown> = {
        ...stored,
        ...overrides,
        [passwordKey]: testPassword(overrides, stored),
      };
      const user = request.currentUser;
      const configured =
        typeof values[testAddressKey] === 'string' ? values[testAddressKey].trim() : '';
      const to = configured || user?.Email?.trim() || '';
      if (!to) {
        return {
          ErrorMessage:
            'There is no address to send to: set the test mail address, or give your account an e-mail address.',
        };
      }
      const language = user?.Language ?? null;
      const appName = await findText(app.db, language, 'APP.TITLE');
      const subject = fill(await findText(app.db, language, 'SETTINGS.TEST_MAIL_SUBJECT'), appName);
      const text = fill(await findText(app.db, language, 'SETTINGS.TEST_MAIL_BODY'), appName);
      try {
        await app.sendTestMail(
          { to, subject, text, html: `<p>${escapeHtml(text)}</p>` },
          smtpOptionsOf(values),
        );
        return { ErrorMessage: null, SentTo: to };
      } catch (error) {
        request.log.info({ err: error }, 'test mail failed');
        return { ErrorMessage: describeFailure(error), SentTo: to };
      }
    },
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
