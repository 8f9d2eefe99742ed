import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getByIdParamsSchema, type Material, materialEntity, materialSchema } from '#metadata';
import { findMaterialByCode } from '../repositories/materials';
import { readEntity, readEntityOrBlank, saveEntity } from '../../../engine/entity-service';
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
      schema: { params: getByIdParamsSchema, response: { 200: materialSchema } },
    },
    async (request) =>
      readEntityOrBlank<Material>(app.db, await materials(request), request.params.id),
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
      config: { ...manageMaterials, audited: true },
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
