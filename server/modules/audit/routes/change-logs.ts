import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
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
import { assertMay } from '../../../engine/entity-access';
import { readEntity, readEntityOrBlank } from '../../../engine/entity-service';
import { AppError } from '../../../errors/app-error';
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

/**
 * A note goes only on a row its writer may read, through the engine as every read does (its
 * permission, row rules and scope): a row they cannot read answers as absent, so the call tells
 * nothing of rows out of reach, and no one writes into a history they could not see.
 */
async function assertMayReadNoted(
  request: FastifyRequest,
  entityType: string,
  entityId: string | number,
): Promise<void> {
  const source = await request.server.db
    .selectFrom('dataSources')
    .select('id')
    .where(sql<string>`lower(entity_type)`, '=', entityType.toLowerCase())
    .executeTakeFirst();
  if (!source) {
    throw new AppError('BadRequest', `There is no entity '${entityType}'.`, [
      { Field: 'EntityType', Message: `There is no entity '${entityType}'.` },
    ]);
  }
  const access = await accessById(request, source.id);
  const absent = new AppError(
    'NotFound',
    `There is no ${entityType} ${entityId} to add a note to.`,
  );
  try {
    assertMay(access, 'read');
    if (!(await readEntity(request.server.db, access, entityId))) throw absent;
  } catch (error) {
    if (error instanceof AppError && error.code !== 'BadRequest') throw absent;
    throw error;
  }
}

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
      const note = body.GenericLog.trim();
      if (note === '') {
        throw new AppError('BadRequest', 'The note is empty.', [
          { Field: 'GenericLog', Message: 'Write the note before adding it.' },
        ]);
      }
      await assertMayReadNoted(request, body.EntityType, body.EntityId);
      const actor = entityCallerOf(request).actor;
      await recordChange(app.db, {
        entityType: body.EntityType,
        entityId: String(body.EntityId),
        actionType: 1,
        actor,
        changes: [],
        genericLog: note,
      });
      return { Succeeded: true };
    },
  );
}
