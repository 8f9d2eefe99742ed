import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamsSchema, type Material, materialEntity, materialSchema } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findMaterialByCode } from '../../../repositories/materials';
import { blankEntity, readEntity, saveEntity } from '../../../engine/entity-service';
import { accessById } from '../../../engine/routes/caller';

const manageMaterials = { permission: materialEntity.permissions.read };

const codeQuerySchema = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', maxLength: 50 },
    id: { type: 'integer', minimum: 0 },
  },
} as const;

/** `api/materials/*`: the asphalt mixes and their codes. */
export async function materialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const materials = (request: FastifyRequest) => accessById(request, materialEntity.id);

  app.get(
    '/api/materials/GetMaterialById/:id',
    {
      config: manageMaterials,
      schema: { params: idParamsSchema, response: { 200: materialSchema } },
    },
    async (request) => {
      const access = await materials(request);
      if (request.params.id === 0) return blankEntity<Material>(access);
      const material = await readEntity<Material>(app.db, access, request.params.id);
      if (!material) throw new AppError('NotFound', 'The material does not exist.');
      return material;
    },
  );

  app.get(
    '/api/materials/GetMaterialByCodeIfExists',
    {
      config: manageMaterials,
      schema: {
        querystring: codeQuerySchema,
        response: { 200: { anyOf: [materialSchema, { type: 'null' }] } },
      },
    },
    async (request) => {
      const access = await materials(request);
      const match = await findMaterialByCode(app.db, request.query.code);
      if (!match || match.id === request.query.id) return null;
      return (await readEntity<Material>(app.db, access, match.id)) ?? null;
    },
  );

  app.post(
    '/api/materials/SaveMaterial',
    {
      config: manageMaterials,
      schema: { body: { type: 'object' }, response: { 200: materialSchema } },
    },
    async (request) =>
      saveEntity<Material>(
        app.db,
        await materials(request),
        request.body as Record<string, unknown>,
      ),
  );
}
