import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { idParamsSchema, type Unit, unitEntity, unitSchema } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { entityById } from '../../../services/engine/entity-context';
import { blankEntity, readEntity, saveEntity } from '../../../services/engine/entity-service';
import { entityCallerOf } from './caller';

const manageUnits = { permission: unitEntity.permissions.read };
const unitList = { type: 'array', items: unitSchema } as const;

/** `api/units/*`: the units (plants) deliveries come from. */
export async function unitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const units = () => entityById(app.db, unitEntity.id);

  app.get(
    '/api/units/GetUnits',
    { config: { permission: 'authorized' }, schema: { response: { 200: unitList } } },
    async () =>
      app.db
        .selectFrom('units')
        .select([
          'id as Id',
          'code as Code',
          'name as Name',
          'active as Active',
          'version as Version',
        ])
        .orderBy('code')
        .execute(),
  );

  app.get(
    '/api/units/GetUnitById/:id',
    { config: manageUnits, schema: { params: idParamsSchema, response: { 200: unitSchema } } },
    async (request) => {
      const entity = await units();
      if (request.params.id === 0) return blankEntity<Unit>(entity);
      const unit = await readEntity<Unit>(app.db, entity, request.params.id);
      if (!unit) throw new AppError('NotFound', 'The unit does not exist.');
      return unit;
    },
  );

  app.post(
    '/api/units/SaveUnit',
    { config: manageUnits, schema: { body: { type: 'object' }, response: { 200: unitSchema } } },
    async (request) =>
      saveEntity(
        app.db,
        await units(),
        request.body as Record<string, unknown>,
        entityCallerOf(request),
      ),
  );
}
