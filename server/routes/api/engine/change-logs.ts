import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { changeLogActionTypes, changeLogSchema, saveChangeLogRequestSchema } from '#metadata';
import { listAllChangeLogs, listEntityChangeLogs } from '../../../repositories/change-logs';
import { changeLogView, recordChange } from '../../../services/engine/change-log';
import { entityCallerOf } from './caller';

const viewAuditLog = { permission: 'ViewAuditLog' };
const changeLogList = { type: 'array', items: changeLogSchema } as const;
const maxEntries = 1000;

const entityQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['entityType', 'entityId'],
  properties: {
    entityType: { type: 'string', minLength: 1, maxLength: 100 },
    entityId: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

/** `api/changelog/*`: who changed what, when (the audit log). */
export async function changeLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/changelog/GetChangeLogs',
    {
      config: viewAuditLog,
      schema: { querystring: entityQuerySchema, response: { 200: changeLogList } },
    },
    async (request) => {
      const { entityType, entityId } = request.query;
      const rows = await listEntityChangeLogs(app.db, entityType, entityId, maxEntries);
      return rows.map(changeLogView);
    },
  );

  app.get(
    '/api/changelog/GetAllChangeLogs',
    { config: viewAuditLog, schema: { response: { 200: changeLogList } } },
    async () => (await listAllChangeLogs(app.db, maxEntries)).map(changeLogView),
  );

  app.get(
    '/api/changelog/GetActionTypes',
    {
      config: { permission: 'authorized' },
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['Id', 'Name'],
              properties: { Id: { type: 'integer' }, Name: { type: 'string' } },
            },
          },
        },
      },
    },
    async () => [...changeLogActionTypes],
  );

  app.post(
    '/api/changelog/SaveChangeLog',
    { config: viewAuditLog, schema: { body: saveChangeLogRequestSchema } },
    async (request) => {
      const body = request.body;
      const actor = entityCallerOf(request).actor;
      await recordChange(app.db, {
        entityType: body.EntityType,
        entityId: String(body.EntityId),
        actionType: (body.ActionType ?? 1) as 0 | 1 | 2 | 3,
        actor,
        changes: [],
        genericLog: body.GenericLog,
      });
      return { Succeeded: true };
    },
  );
}
