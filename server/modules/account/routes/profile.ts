import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  changePasswordRequestSchema,
  changePasswordResultSchema,
  updateUserRequestSchema,
  updateUserResultSchema,
  userEntity,
} from '#metadata';
import { changeOwnPassword, updateOwnProfile } from '../own-account';
import { accessById } from '../../../engine/routes/caller';
import { signedInUser } from '../../../plugins/signed-in-user';
import { answerFlag, recordAccountEvent } from '../../login-audit/index';
import type { AccountRouteContext } from './context';

/** The signed-in user's own profile and password. */
export async function profileRoutes(fastify: FastifyInstance, { rateLimit }: AccountRouteContext) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/Users/UpdateUser',
    {
      config: { permission: 'authorized' },
      schema: { body: updateUserRequestSchema, response: { 200: updateUserResultSchema } },
    },
    async (request) => {
      const caller = signedInUser(request);
      const answer = await updateOwnProfile(
        app.db,
        await accessById(request, userEntity.id),
        caller,
        request.body,
      );
      await recordAccountEvent(request, {
        event: 'ProfileUpdated',
        userId: caller.Id,
        name: caller.Name,
        result: answerFlag(answer),
        fingerPrint: request.body.fingerprint,
      });
      return answer;
    },
  );

  app.post(
    '/api/Users/ChangePassword',
    {
      // A wrong current password is a guess: limited like sign-in.
      config: { permission: 'authorized', rateLimit },
      schema: { body: changePasswordRequestSchema, response: { 200: changePasswordResultSchema } },
    },
    async (request) => {
      const caller = signedInUser(request);
      const answer = await changeOwnPassword(
        app.db,
        app.hashing,
        caller,
        request.sessionId,
        request.body,
      );
      await recordAccountEvent(request, {
        event: 'PasswordChanged',
        userId: caller.Id,
        name: caller.Name,
        result: answerFlag(answer),
        fingerPrint: request.body.FingerPrint,
      });
      return answer;
    },
  );
}
