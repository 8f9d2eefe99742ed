import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type EmailTemplateView,
  platformConstants,
  sendTestMailResponseSchema,
  type TemplateSampleRequest,
  templateEntity,
  templatePreviewSchema,
  templateSampleRequestSchema,
} from '#metadata';
import { readEntityOrBlank } from '../../../engine/entity-service';
import { accessById } from '../../../engine/routes/caller';
import { AppError } from '../../../errors/app-error';
import { renderTemplate } from '../../../mail/render-template';
import { sampleParameters } from '../../../mail/sample-parameters';
import { findMailRecipient, findOutboxOutcome } from '../email-templates-repository';
import { findText } from '../../languages/index';

const manageTemplates = { permission: templateEntity.permissions.read };
const sampleBodyLimit = 512 * 1024;
/** How long a test mail's answer waits for the mail server before saying it is still trying. */
const testMailWaitMs = 20_000;
const testMailsPerMinute = 10;

/**
 * The template a preview or test mail shows: the stored one (`Id`, through the engine: the
 * caller must be able to read it) with the editor's unsaved texts and parameters over it,
 * rendered with sample values (sanitised, values escaped, with its plain-text part).
 */
async function renderSample(request: FastifyRequest, body: TemplateSampleRequest) {
  const app = request.server;
  const stored = body.Id
    ? await readEntityOrBlank<EmailTemplateView>(
        app.db,
        await accessById(request, templateEntity.id),
        body.Id,
      )
    : undefined;
  const language = body.Language ?? stored?.Language ?? platformConstants.defaultLanguage;
  const parameters = body.Parameters ?? stored?.Parameters ?? [];
  const template = {
    subject: body.Subject ?? stored?.Subject ?? '',
    body: body.Body ?? stored?.Body ?? '',
  };
  const appName = await findText(app.db, language, 'APP.TITLE');
  return {
    code: stored?.Code ?? null,
    mail: renderTemplate(template, sampleParameters(parameters, appName)),
  };
}

/** Waits (a bounded time) for the mailer to try the mail; the outbox row says how it went. */
async function testMailOutcome(app: FastifyInstance, id: number): Promise<string | null> {
  const waiting = 'No mail server is configured: the test mail waits in the outbox.';
  if (!app.mailer.configured) return waiting;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, testMailWaitMs)));
  await Promise.race([app.mailer.idle(), timeout]);
  clearTimeout(timer);
  const outcome = await findOutboxOutcome(app.db, id);
  if (outcome?.sentAt) return null;
  if (outcome?.error) return `The test mail could not be sent: ${outcome.error}`;
  // Not even tried: the settings name no server (and SMTP_URL is not set).
  if (outcome?.attempts === 0) return waiting;
  return 'The mail server has not answered yet: the test mail stays in the outbox and is tried again.';
}

/**
 * `POST api/EmailTemplate/PreviewTemplate` (the editor's preview) and
 * `POST api/EmailTemplate/SendTestMail` (the same mail, sent to the caller's own address
 * through the outbox, answering `{ ErrorMessage }` as TestEmailSettings does).
 */
export async function templateSampleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // Counted per signed-in user, once their permission is checked: a refused caller is a 403.
  const limit = fastify.createRateLimit({
    max: testMailsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `test-mail:${request.currentUser?.Id ?? request.ip}`,
  });
  const testMailsPerUser = async (request: FastifyRequest) => {
    const state = await limit(request);
    if (state.isAllowed || !state.isExceeded) return;
    throw new AppError(
      'TooManyRequests',
      `Too many test mails; try again in ${state.ttlInSeconds} seconds.`,
      [],
      { retryAfterSeconds: state.ttlInSeconds },
    );
  };

  app.post(
    '/api/EmailTemplate/PreviewTemplate',
    {
      config: manageTemplates,
      bodyLimit: sampleBodyLimit,
      schema: { body: templateSampleRequestSchema, response: { 200: templatePreviewSchema } },
    },
    async (request) => {
      const { mail } = await renderSample(request, request.body);
      return { Subject: mail.subject, Html: mail.html, Text: mail.text };
    },
  );

  app.post(
    '/api/EmailTemplate/SendTestMail',
    {
      config: manageTemplates,
      preHandler: testMailsPerUser,
      bodyLimit: sampleBodyLimit,
      schema: { body: templateSampleRequestSchema, response: { 200: sendTestMailResponseSchema } },
    },
    async (request) => {
      const { code, mail } = await renderSample(request, request.body);
      const recipient = await findMailRecipient(app.db, request.currentUser!.Id);
      if (!recipient?.email) {
        return { ErrorMessage: 'Your account has no e-mail address to send the test mail to.' };
      }
      const id = await app.mailer.send({
        to: recipient.email,
        subject: `[Test] ${mail.subject}`,
        html: mail.html,
        text: mail.text,
        templateCode: code ?? undefined,
      });
      return { ErrorMessage: await testMailOutcome(app, id) };
    },
  );
}
