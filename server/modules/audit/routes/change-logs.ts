import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  changeLogActionTypes,
  changeLogEntity,
  type ChangeLogEntry,
  changeLogSchema,
  getByIdParamsSchema,
  saveChangeLogRequestSchema,
  succeededResultSchema,
} from '#metadata';
import { recordChange } from '../../../engine/change-log';
import { listEntity } from '../../../engine/entity-list';
import { readEntityOrBlank } from '../../../engine/entity-service';
import { accessById, entityCallerOf } from '../../../engine/routes/caller';

const viewAuditLog = { permission: 'ViewAuditLog' };
const changeLogList = { type: 'array', items: changeLogSchema } as const;
const newestFirst = { $orderby: 'DateTime desc,Id desc', $top: '1000' };
/** An OData string literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

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
      const $filter = `tolower(EntityType) eq ${literal(entityType.toLowerCase())} and EntityId eq ${literal(entityId)}`;
      const access = await accessById(request, changeLogEntity.id);
      return (await listEntity<ChangeLogEntry>(app.db, access, { ...newestFirst, $filter })).value;
    },
  );

  app.get(
    '/api/changelog/GetAllChangeLogs',
    { config: viewAuditLog, schema: { response: { 200: changeLogList } } },
    async (request) => {
      const access = await accessById(request, changeLogEntity.id);
      return (await listEntity<ChangeLogEntry>(app.db, access, newestFirst)).value;
    },
  );

  app.get(
    '/api/changelog/GetChangeLogById/:id',
    {
      config: viewAuditLog,
      schema: { params: getByIdParamsSchema, response: { 200: changeLogSchema } },
    },
    async (request) => {
      const access = await accessById(request, changeLogEntity.id);
      return readEntityOrBlank<ChangeLogEntry>(app.db, access, request.params.id);
    },
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
    {
      config: { ...viewAuditLog, audited: true },
      schema: { body: saveChangeLogRequestSchema, response: { 200: succeededResultSchema({}) } },
    },
    async (request) => {
      const body = request.body;
      const actor = entityCallerOf(request).actor;
      await recordChange(app.db, {
        entityType: body.EntityType,
        entityId: String(body.EntityId),
        actionType: 1,
        actor,
        changes: [],
        genericLog: body.GenericLog,
      });
      return { Succeeded: true };
    },
  );
}
