import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { unitEntity, unitSyncAppliedSchema, unitSyncChoiceSchema, unitSyncSchema } from '#metadata';
import { accessById } from '../../../engine/routes/caller';
import { SyncSourceError } from '../unit-sync/source-fetch';
import { applySync, compareWithSource } from '../unit-sync/unit-sync-service';

const manageUnits = { permission: unitEntity.permissions.update };
const message = {
  type: 'object',
  required: ['Message'],
  properties: { Message: { type: 'string' } },
} as const;

/** A source that is not configured is the caller's to fix (409); one that fails, a bad gateway. */
function sourceFailure(reply: FastifyReply, error: unknown) {
  if (!(error instanceof SyncSourceError)) throw error;
  return reply.status(error.kind === 'unconfigured' ? 409 : 502).send({ Message: error.message });
}

/** `api/syncunits/*`: our units against the external recording system's. */
export async function unitSyncRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/syncunits/GetSyncUnits',
    { config: manageUnits, schema: { response: { 200: unitSyncSchema, 502: message } } },
    async (request, reply) => {
      const access = await accessById(request, unitEntity.id);
      try {
        return await compareWithSource(app.db, access);
      } catch (error) {
        return sourceFailure(reply, error);
      }
    },
  );

  app.post(
    '/api/syncunits/ApplySyncUnits',
    {
      config: { ...manageUnits, audited: true },
      schema: {
        body: unitSyncChoiceSchema,
        response: { 200: unitSyncAppliedSchema, 502: message },
      },
    },
    async (request, reply) => {
      const access = await accessById(request, unitEntity.id);
      try {
        return await applySync(app.db, access, request.body);
      } catch (error) {
        return sourceFailure(reply, error);
      }
    },
  );
}
