import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  idParamsSchema,
  type Material,
  materialCodeMessages,
  materialEntity,
  materialSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { findMaterialByCode } from '../../../repositories/materials';
import { entityById } from '../../../services/engine/entity-context';
import {
  blankEntity,
  readEntity,
  saveEntity,
  type SaveRules,
} from '../../../services/engine/entity-service';
import { entityCallerOf } from './caller';

const manageMaterials = { permission: materialEntity.permissions.read };

const codeQuerySchema = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', maxLength: 50 },
    id: { type: 'integer', minimum: 0 },
  },
} as const;

/** A code identical to another material's pattern is refused with the spec's two messages. */
const materialRules: SaveRules = {
  async check(db, values, existing) {
    const code = String(values.Code);
    const match = await findMaterialByCode(db, code);
    if (!match || match.id === existing?.Id) return;
    const message = match.active
      ? materialCodeMessages.activeMatch
      : materialCodeMessages.inactiveMatch;
    throw new AppError('BadRequest', message, [{ Field: 'Code', Message: message }]);
  },
};

/** `api/materials/*`: the asphalt mixes and their codes. */
export async function materialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const materials = () => entityById(app.db, materialEntity.id);

  app.get(
    '/api/materials/GetMaterialById/:id',
    {
      config: manageMaterials,
      schema: { params: idParamsSchema, response: { 200: materialSchema } },
    },
    async (request) => {
      const entity = await materials();
      if (request.params.id === 0) return blankEntity<Material>(entity);
      const material = await readEntity<Material>(app.db, entity, request.params.id);
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
      const match = await findMaterialByCode(app.db, request.query.code);
      if (!match || match.id === request.query.id) return null;
      return (await readEntity<Material>(app.db, await materials(), match.id)) ?? null;
    },
  );

  app.post(
    '/api/materials/SaveMaterial',
    {
      config: manageMaterials,
      schema: { body: { type: 'object' }, response: { 200: materialSchema } },
    },
    async (request) => {
      const body = { ...(request.body as Record<string, unknown>) };
      if (typeof body.Code === 'string')
        body.Code = body.Code.trim().replace(/\s+/g, ' ').toUpperCase();
      return saveEntity<Material>(
        app.db,
        await materials(),
        body,
        entityCallerOf(request),
        materialRules,
      );
    },
  );
}
