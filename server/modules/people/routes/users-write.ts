import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  type SaveUserRequest,
  saveUserRequestSchema,
  type SaveUserResult,
  saveUserResultSchema,
  userEntity,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { deleteEntity, saveEntity } from '../../../engine/entity-service';
import { accessById } from '../../../engine/routes/caller';
import { userEditorOf } from './users-read';
import { signedInUser } from '../../../plugins/signed-in-user';
import { answerFlag, recordAccountEvent } from '../../login-audit/index';

const manageUsers = { permission: 'ManageUsers' };

/** The SaveUser body as the engine's Users row: only the fields SaveUser writes, as posted. */
function userRow(body: SaveUserRequest): Record<string, unknown> {
  const { Id, Name, FirstName, Surname, Email, Active, Language, Password, Version } = body;
  const { Roles, Groups, Units, Company } = body;
  const CompanyId = Company === undefined ? undefined : (Company?.Id ?? null);
  const row = { Id, Name, FirstName, Surname, Email, Active, Language, Password, Version };
  return Object.fromEntries(
    Object.entries({ ...row, Roles, Groups, Units, CompanyId }).filter(([, v]) => v !== undefined),
  );
}

/**
 * SaveUser answers a taken name or an unusable password with a flag rather than a 400 (the
 * engine's unique check and the password rule name those fields), and names the company
 * `Company` as its body does.
 */
function asSaveUserAnswer(error: unknown): SaveUserResult {
  if (!(error instanceof AppError) || error.code !== 'BadRequest') throw error;
  const errors = error.fieldErrors;
  if (errors.some((e) => e.Field === 'Password')) {
    return { Succeeded: false, UserPasswordInvalid: true };
  }
  if (errors.some((e) => e.Field === 'Name' && /already/.test(e.Message))) {
    return { Succeeded: false, UsernameAlreadyExists: true };
  }
  if (!errors.some((e) => e.Field === 'CompanyId')) throw error;
  throw new AppError(
    error.code,
    error.message,
    errors.map((e) => (e.Field === 'CompanyId' ? { ...e, Field: 'Company' } : e)),
  );
}

/** `api/users/SaveUser` and `DeleteUser`: thin adapters onto the engine and its user hooks. */
export async function userWriteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/users/SaveUser',
    {
      config: { ...manageUsers, audited: true },
      schema: { body: saveUserRequestSchema, response: { 200: saveUserResultSchema } },
    },
    async (request): Promise<SaveUserResult> => {
      const access = await accessById(request, userEntity.id);
      const saved = await saveEntity<{ Id: number }>(app.db, access, userRow(request.body)).catch(
        asSaveUserAnswer,
      );
      const caller = signedInUser(request);
      await recordAccountEvent(request, {
        event: 'UserSaved',
        userId: caller.Id,
        name: caller.Name,
        result: 'Id' in saved ? '' : answerFlag(saved),
        fingerPrint: request.body.FingerPrint,
      });
      if (!('Id' in saved)) return saved;
      return { Succeeded: true, User: await userEditorOf(request, saved.Id) };
    },
  );

  app.get(
    '/api/users/DeleteUser/:id',
    {
      config: { ...manageUsers, stateChanging: true, audited: true },
      schema: {
        params: idParamsSchema,
        response: { 204: { description: 'Deleted', type: 'null' } },
      },
    },
    async (request, reply) => {
      await deleteEntity(
        app.db,
        await accessById(request, userEntity.id),
        request.params.id,
        undefined,
      );
      return reply.status(204).send(null);
    },
  );
}
