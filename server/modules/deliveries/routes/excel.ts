import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  deliveryEntity,
  deliveryPermissions,
  exportRequestSchema,
  materialEntity,
} from '#metadata';
import { visibleFields } from '../../../engine/entity-access';
import { accessById } from '../../../engine/routes/caller';
import { deliverySheetColumns } from '../export/delivery-sheet';
import { exportedDeliveries } from '../export/exported-deliveries';
import {
  mismatchColumns,
  mismatchedDeliveries,
  mismatchFileName,
  type MismatchKind,
} from '../export/material-mismatch';
import { activeMaterialPatterns } from '../export/material-patterns';
import { requestTexts } from '../../../engine/export/request-texts';
import { sendSheet, xlsxContentType } from '../../../engine/export/xlsx-stream';

/** `api/Excel/*`: the deliveries export and the material mismatch files, as .xlsx downloads. */
export async function excelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/Excel/ExportDeliveries',
    {
      config: { permission: deliveryPermissions.export, streams: xlsxContentType },
      schema: { body: exportRequestSchema },
    },
    async (request, reply) => {
      const access = await accessById(request, deliveryEntity.id);
      const texts = await requestTexts(request);
      return sendSheet(reply, {
        fileName: 'deliveries.xlsx',
        sheetName: texts['ROUTES.DELIVERIES'] ?? 'Deliveries',
        columns: deliverySheetColumns(texts, visibleFields(access)),
        rows: exportedDeliveries(app.db, access, request.body, new Date()),
      });
    },
  );

  const mismatchFile = (kind: MismatchKind, path: string) =>
    app.post(
      path,
      { config: { permission: deliveryPermissions.read, streams: xlsxContentType } },
      async (request, reply) => {
        const now = new Date();
        const deliveries = await accessById(request, deliveryEntity.id);
        const materials = await accessById(request, materialEntity.id);
        const patterns = await activeMaterialPatterns(app.db, materials, deliveryPermissions.read);
        const texts = await requestTexts(request);
        return sendSheet(reply, {
          fileName: mismatchFileName(kind, now),
          sheetName: kind,
          columns: mismatchColumns(kind, texts),
          rows: mismatchedDeliveries(app.db, deliveries, patterns, kind, now),
        });
      },
    );
  mismatchFile('multimatch', '/api/Excel/GetMultimatchFile');
  mismatchFile('nomatch', '/api/Excel/GetNomatchFile');
}
