import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { outboxMailSchema } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { listOutbox } from '../outbox-repository';
import { signedInUser } from '../../../plugins/signed-in-user';

const querySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { top: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
} as const;

/**
 * The outbox, newest first, for administrators only: its mails hold live password links, so
 * a permission that a non-administrator could hold is not enough.
 */
export async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/api/mail/GetOutbox',
    {
      config: { permission: 'ManageSettings' },
      schema: {
        querystring: querySchema,
        response: { 200: { type: 'array', items: outboxMailSchema } },
      },
    },
    async (request, reply) => {
      if (!signedInUser(request).IsAdmin) {
        throw new AppError('Forbidden', 'Only administrators can read the outbox.');
      }
      reply.header('Cache-Control', 'no-store');
      const rows = await listOutbox(app.db, request.query.top);
      return rows.map((row) => ({
        Id: row.id,
        To: row.to,
        Subject: row.subject,
        Text: row.text,
        Html: row.html,
        TemplateCode: row.templateCode,
        CreatedAt: row.createdAt.toISOString(),
        SentAt: row.sentAt?.toISOString() ?? null,
        Attempts: row.attempts,
        Error: row.error,
      }));
    },
  );
}
