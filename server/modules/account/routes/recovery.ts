import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  recoverPasswordRequestSchema,
  recoverPasswordResultSchema,
  resetRegisterTicketRequestSchema,
  resetRegisterTicketResultSchema,
  sendPasswordResetRequestSchema,
  sendPasswordResetResultSchema,
  ticketParamsSchema,
  ticketUserSchema,
  userEntity,
} from '#metadata';
import { recoverPassword } from '../recover-password';
import { resetPasswordByTicket, ticketUser } from '../reset-by-ticket';
import { answerFlag, recordAccountEvent } from '../../login-audit/index';
import { sendPasswordResetByAdmin } from '../send-reset-by-admin';
import { callerOf } from '../../people/index';
import { accessById } from '../../../engine/routes/caller';
import { readEntity } from '../../../engine/entity-service';
import type { AccountRouteContext } from './context';

/** Forgotten passwords: the mail with a ticket link, the ticket screens' calls. */
export async function recoveryRoutes(fastify: FastifyInstance, context: AccountRouteContext) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { rateLimit } = context;

  app.post(
    '/api/Users/RecoverPassword',
    {
      config: { permission: 'everybody', rateLimit },
      schema: {
        body: recoverPasswordRequestSchema,
        response: { 200: recoverPasswordResultSchema },
      },
    },
    async (request) => recoverPassword(context.mail(), request.body),
  );

  app.get(
    '/api/users/GetUserByTicket/:ticket',
    {
      config: { permission: 'everybody', rateLimit: { ...rateLimit, max: rateLimit.max * 3 } },
      schema: { params: ticketParamsSchema, response: { 200: ticketUserSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ticketUser(app.db, request.params.ticket);
    },
  );

  app.post(
    '/api/users/ResetRegisterTicket',
    {
      config: { permission: 'everybody', rateLimit },
      schema: {
        body: resetRegisterTicketRequestSchema,
        response: { 200: resetRegisterTicketResultSchema },
      },
    },
    async (request) => {
      const { User } = request.body;
      const reset = await resetPasswordByTicket(
        app.db,
        app.hashing,
        request.body.Ticket,
        User.Password,
      );
      await recordAccountEvent(request, {
        event: 'PasswordReset',
        userId: reset.owner?.id ?? null,
        // An unknown ticket names nobody: its entry says so rather than echoing the token.
        name: reset.owner?.name ?? '',
        result: answerFlag(reset.answer),
        fingerPrint: User.FingerPrint,
      });
      return reset.answer;
    },
  );

  app.post(
    '/api/users/SendPasswordResetByAdmin',
    {
      config: { permission: 'ManageUsers', rateLimit },
      schema: {
        body: sendPasswordResetRequestSchema,
        response: { 200: sendPasswordResetResultSchema },
      },
    },
    async (request) => {
      const users = await accessById(request, userEntity.id);
      const mayRead = async (id: number) =>
        (await readEntity(request.server.db, users, id)) !== undefined;
      return sendPasswordResetByAdmin(
        context.mail(),
        callerOf(request),
        request.body.Email,
        mayRead,
      );
    },
  );
}
