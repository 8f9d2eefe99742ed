import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  confirmEmailRequestSchema,
  confirmEmailResultSchema,
  registerUserRequestSchema,
  registerUserResultSchema,
  registrationOptionsSchema,
} from '#metadata';
import { confirmEmail } from '../confirm-email';
import { registerUser, registrationAllowed } from '../register-user';
import type { AccountRouteContext } from './context';

/**
 * Self-registration (`/register`), closed while users belong to companies, and the
 * confirmation of a registered address (`/confirmemail/…`).
 */
export async function registrationRoutes(fastify: FastifyInstance, context: AccountRouteContext) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { rateLimit } = context;

  app.get(
    '/api/users/RegistrationOptions',
    {
      config: { permission: 'everybody' },
      schema: { response: { 200: registrationOptionsSchema } },
    },
    async () => ({ RegistrationAllowed: await registrationAllowed(app.db) }),
  );

  app.post(
    '/api/Users/RegisterUser',
    {
      config: { permission: 'everybody', rateLimit },
      schema: { body: registerUserRequestSchema, response: { 200: registerUserResultSchema } },
    },
    async (request) => registerUser(context.mail(), app.hashing, request.body),
  );

  app.post(
    '/api/Users/ConfirmEmail',
    {
      config: { permission: 'everybody', rateLimit },
      schema: { body: confirmEmailRequestSchema, response: { 200: confirmEmailResultSchema } },
    },
    async (request) =>
      confirmEmail(app.db, app.hashing, request.body.Ticket, request.body.Password),
  );
}
