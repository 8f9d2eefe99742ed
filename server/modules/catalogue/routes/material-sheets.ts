import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { materialEntity, materialUploadSchema } from '#metadata';
import { accessById } from '../../../engine/routes/caller';
import { xlsxContentType } from '../../../engine/export/xlsx-stream';
import { readUploadedFile, withUploads } from '../../../plugins/uploads';
import { materialWorkbook } from '../material-sheets/material-download';
import { uploadMaterials } from '../material-sheets/material-upload';
import { xlsxBounds } from '../material-sheets/xlsx-guard';

const manageMaterials = { permission: materialEntity.permissions.update };

const downloadQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { includeInactiveMaterials: { type: 'boolean', default: false } },
} as const;

/** `api/downloaduploadmaterials/*`: the materials as an .xlsx workbook, down and up. */
export async function materialSheetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/downloaduploadmaterials/download',
    {
      config: { ...manageMaterials, streams: xlsxContentType },
      schema: { querystring: downloadQuerySchema },
    },
    async (request, reply) => {
      const access = await accessById(request, materialEntity.id);
      const includeInactive = request.query.includeInactiveMaterials ?? false;
      const workbook = await materialWorkbook(app.db, access, includeInactive);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Disposition', `attachment; filename="materials-${day}.xlsx"`)
        .type(xlsxContentType)
        .send(workbook);
    },
  );

  await withUploads(fastify, (uploads) => {
    uploads.withTypeProvider<JsonSchemaToTsProvider>().post(
      '/api/downloaduploadmaterials/save',
      {
        config: { ...manageMaterials, audited: true },
        schema: { response: { 200: materialUploadSchema } },
      },
      async (request) => {
        const access = await accessById(request, materialEntity.id);
        const file = await readUploadedFile(request, xlsxBounds.maxFileBytes);
        return uploadMaterials(app.db, access, file.data);
      },
    );
  });
}
