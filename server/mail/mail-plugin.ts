import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';
import { createMailer, type Mailer } from './mailer';
import { createSmtpTransport } from './smtp-transport';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>;
}

/**
 * `app.mailer`: SMTP when `SMTP_URL` is set, otherwise the outbox table only. On close it
 * waits for mail in flight before the database goes.
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app: FastifyInstance, { config }) => {
    const mailer = createMailer({
      db: app.db,
      transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null,
      from: config.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onReady', async () => {
      // Mail stored while SMTP was down, or by an instance that stopped, goes out now.
      void mailer.deliverPending();
    });
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
