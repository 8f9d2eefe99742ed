import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  type Snapshot,
  snapshotImportSchema,
  snapshotPreviewSchema,
  snapshotSchema,
} from '#metadata';
import { announceDefinitionChange } from '../definition-changes';
import { exportSnapshot, importSnapshot, previewSnapshot } from '../user-tables/snapshots';
import { entityCallerOf } from './caller';

const designers = { permission: 'ManageDataSources' };

/**
 * Schema snapshots of user tables: export (a JSON file), a preview of what importing one
 * would change here, and the import, which refuses destructive changes unless confirmed.
 */
export async function dataSourceSnapshotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/dataSources/snapshot',
    {
      config: designers,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            /** Data source ids separated by commas; absent: every user table. */
            ids: { type: 'string', pattern: '^\\d{1,10}(,\\d{1,10}){0,199}$' },
          },
        },
        response: { 200: snapshotSchema },
      },
    },
    async (request, reply) => {
      const ids = request.query.ids?.split(',').map(Number) ?? null;
      const snapshot = await exportSnapshot(app.db, ids);
      const day = snapshot.ExportedAt.slice(0, 10);
      void reply.header('Content-Disposition', `attachment; filename="data-sources-${day}.json"`);
      return snapshot;
    },
  );

  app.post(
    '/api/dataSources/snapshot/preview',
    {
      config: designers,
      schema: { body: snapshotSchema, response: { 200: snapshotPreviewSchema } },
    },
    async (request) => previewSnapshot(app.db, request.body as Snapshot),
  );

  app.post(
    '/api/dataSources/snapshot/import',
    {
      config: designers,
      schema: { body: snapshotImportSchema, response: { 200: snapshotPreviewSchema } },
    },
    async (request) => {
      const { Snapshot: snapshot, ConfirmDataLoss } = request.body as {
        Snapshot: Snapshot;
        ConfirmDataLoss?: boolean;
      };
      try {
        return await importSnapshot(
          app.db,
          snapshot,
          ConfirmDataLoss === true,
          entityCallerOf(request).actor,
        );
      } finally {
        await announceDefinitionChange(app.db, app.log);
      }
    },
  );
}
