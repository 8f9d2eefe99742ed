import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../jobs/index';

/**
 * Sends again, every 5 minutes, the mail that could not go out (SMTP down or refusing): up to
 * 50 a run, each at most 5 times within a day of being written (see createMailer).
 */
export function mailRetryJob(app: FastifyInstance): JobDefinition {
  return {
    name: 'mail.retry',
    title: 'JOBS.MAIL_RETRY',
    schedule: '*/5 * * * *',
    enabled: true,
    retries: 0,
    async run() {
      if (!app.mailer.configured) {
        return { rows: 0, message: 'No mail server is configured: mail stays in the outbox.' };
      }
      const { tried, sent } = await app.mailer.deliverPending();
      if (tried > 0 && sent === 0) {
        throw new Error(
          `None of the ${tried} waiting mails could be sent; they stay in the outbox.`,
        );
      }
      return { rows: sent, message: `${sent} of ${tried} waiting mails sent.` };
    },
  };
}
