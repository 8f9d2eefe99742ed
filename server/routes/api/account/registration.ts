import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  registerUserRequestSchema,
  registerUserResultSchema,
  registrationOptionsSchema,
} from '#metadata';
import { registerUser, registrationAllowed } from '../../../services/account/register-user';
import type { AccountRouteContext } from './context';

/** Self-registration (`/register`), closed while users belong to companies. */
export async function registrationRoutes(
  fastify: FastifyInstance,
  { rateLimit }: AccountRouteContext,
) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

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
    async (request) => registerUser(app.db, request.body),
  );
}
