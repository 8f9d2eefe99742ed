import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { getByIdParamsSchema, type Unit, unitEntity, unitSchema } from '#metadata';
import { readEntityOrBlank, saveEntity } from '../../../engine/entity-service';
import { withReadPermission } from '../../../engine/entity-access';
import { listEntity } from '../../../engine/entity-list';
import { accessById } from '../../../engine/routes/caller';

const manageUnits = { permission: unitEntity.permissions.read };
const unitList = { type: 'array', items: unitSchema } as const;

/** `api/units/*`: the units (plants) deliveries come from, served by the engine. */
export async function unitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  // Every signed-in user picks units (their deliveries' plants), not only unit managers.
  app.get(
    '/api/units/GetUnits',
    { config: { permission: 'authorized' }, schema: { response: { 200: unitList } } },
    async (request) => {
      const access = withReadPermission(await accessById(request, unitEntity.id), 'authorized');
      const page = await listEntity<Unit>(app.db, access, { $orderby: 'Code', $top: '1000' });
      return page.value;
    },
  );

  app.get(
    '/api/units/GetUnitById/:id',
    {
      config: manageUnits,
      schema: { params: getByIdParamsSchema, response: { 200: unitSchema } },
    },
    async (request) =>
      readEntityOrBlank<Unit>(app.db, await accessById(request, unitEntity.id), request.params.id),
  );

  app.post(
    '/api/units/SaveUnit',
    {
      config: { ...manageUnits, audited: true },
      schema: { body: { type: 'object' }, response: { 200: unitSchema } },
    },
    async (request) =>
      saveEntity(
        app.db,
        await accessById(request, unitEntity.id),
        request.body as Record<string, unknown>,
      ),
  );
}
