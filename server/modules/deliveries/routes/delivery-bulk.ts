import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  amendRequestSchema,
  amendResultSchema,
  deliveryEntity,
  deliveryPermissions,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { deleteEntities } from '../../../engine/bulk-delete';
import { accessById } from '../../../engine/routes/caller';
import { amendSelected, selectedDeliveries } from '../rules/amend-selected';
import { pastDeliveries } from '../rules/list-filters';
import { announceStateChanges } from '../rules/state-changes';
import { deleteAllRequestSchema, deleteAllResultSchema } from './delivery-schemas';

/** The calls on many deliveries at once: amend a selection, and clear them all. */
export async function deliveryBulkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/api/deliveries/AmendSelected',
    {
      config: { permission: deliveryPermissions.update },
      schema: {
        body: amendRequestSchema,
        response: { 200: { type: 'array', items: amendResultSchema } },
      },
    },
    async (request) => {
      const access = await accessById(request, deliveryEntity.id);
      const { results, saved } = await amendSelected(app.db, access, request.body);
      announceStateChanges(app.db, saved);
      return results;
    },
  );

  /** Whether the additive may be allowed on every selected delivery (its material takes it). */
  app.post(
    '/api/deliveries/CanAmendSelected',
    {
      config: { permission: deliveryPermissions.read },
      schema: { body: amendRequestSchema, response: { 200: { type: 'boolean' } } },
    },
    async (request) => {
      const access = await accessById(request, deliveryEntity.id);
      const ids = request.body.DeliveriesIds;
      const found = await selectedDeliveries(app.db, access, ids, ['CanAddEvotherm']);
      return ids.every((id) => found.get(id)?.CanAddEvotherm === true);
    },
  );

  /**
   * Deletes every delivery (or only the past ones), for administrators only (role IsAdmin and
   * ManageDeliveries), and only when the body confirms it: a bare call deletes nothing.
   */
  app.post(
    '/api/Deliveries/DeleteAll',
    {
      config: { permission: deliveryPermissions.delete },
      schema: { body: deleteAllRequestSchema, response: { 200: deleteAllResultSchema } },
    },
    async (request) => {
      const access = await accessById(request, deliveryEntity.id);
      if (!access.caller.user?.isAdmin) {
        throw new AppError('Forbidden', 'Only administrators delete all deliveries.');
      }
      if (request.body?.Confirm !== true) {
        throw new AppError('BadRequest', 'Send Confirm: true to delete the deliveries.', [
          { Field: 'Confirm', Message: 'must be true' },
        ]);
      }
      const past = request.body.PastOnly ? pastDeliveries(access.rowStorage) : undefined;
      return { Deleted: await deleteEntities(app.db, access, past) };
    },
  );
}
