import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { problemReportSchema } from '#metadata';
import { insertProblemReport } from '../problem-reports-repository';
import { mailProblemReport } from '../problem-report-mail';

/**
 * Stores a user's problem report, then mails it to the administrators (through the outbox,
 * so it is kept even when SMTP is down or not configured).
 */
export async function reportAProblemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/api/reportaproblem/send',
    {
      config: { permission: 'everybody', rateLimit: { max: 10, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
      schema: {
        body: problemReportSchema,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            properties: { Id: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const body = request.body;
      const id = await insertProblemReport(app.db, {
        errorLog: body.ErrorLog,
        previousPage: body.PreviousPage ?? null,
        severity: body.Severity,
        time: body.Time,
        reporterId: request.currentUser?.Id ?? body.Id ?? null,
        email: body.Email || request.currentUser?.Email || null,
        name: body.Name || request.currentUser?.FullName || null,
        language: body.Language ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        ip: request.ip,
      });
      request.log.info({ problemReportId: id, severity: body.Severity }, 'problem reported');
      try {
        await mailProblemReport(app.db, app.mailer, id, body);
      } catch (error) {
        // The report is stored; an administrator still finds it if the mail cannot be made.
        request.log.error({ err: error, problemReportId: id }, 'problem report not mailed');
      }
      return { Id: id };
    },
  );
}
