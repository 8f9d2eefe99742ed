import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';
import { createMailer, type Mailer, type MailMessage } from './mailer';
import { emailSettingValues, smtpOptionsOf } from './smtp-settings';
import {
  createConfiguredTransport,
  createSmtpTransport,
  createSmtpTransportFrom,
  type SmtpOptions,
} from './smtp-transport';

/**
 * Sends one message at once, past the outbox, over the given SMTP server (null: `SMTP_URL`);
 * rejects with the SMTP error, or when there is no server at all.
 */
export type SendTestMail = (
  message: Omit<MailMessage, 'templateCode'>,
  smtp: (SmtpOptions & { from: string }) | null,
) => Promise<void>;

/** Refusal of a test mail when neither the settings nor `SMTP_URL` name a server. */
export class NoSmtpServerError extends Error {
  constructor() {
    super('No SMTP server is configured: mail stays in the outbox.');
    this.name = 'NoSmtpServerError';
  }
}

/** A test mail answers within a request's time, even from a server that stalls. */
const testTimeouts = { connectionTimeout: 8_000, greetingTimeout: 8_000, socketTimeout: 10_000 };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    sendTestMail: SendTestMail;
  }
}

export interface MailPluginOptions {
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>;
}

/**
 * `app.mailer`: SMTP from the `Email.*` settings when a host is set there, else `SMTP_URL`,
 * else the outbox table only. On close it waits for mail in flight before the database goes.
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app: FastifyInstance, { config }) => {
    const mailer = createMailer({
      db: app.db,
      transport: createConfiguredTransport({
        smtpSettings: async () => smtpOptionsOf(await emailSettingValues(app.db)),
        fallbackUrl: config.smtpUrl,
      }),
      from: config.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.decorate('sendTestMail', (async (message, smtp) => {
      const transport = smtp
        ? createSmtpTransportFrom(smtp, testTimeouts)
        : config.smtpUrl
          ? createSmtpTransport(config.smtpUrl, testTimeouts)
          : null;
      if (!transport) throw new NoSmtpServerError();
      try {
        await transport.send({ ...message, from: smtp?.from || config.mailFrom });
      } finally {
        transport.close();
      }
    }) satisfies SendTestMail);
    app.addHook('onReady', async () => {
      // Mail stored while SMTP was down, or by an instance that stopped, goes out now.
      void mailer.deliverPending();
    });
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
