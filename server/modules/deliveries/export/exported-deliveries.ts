import type { Kysely } from 'kysely';
import type { ExportRequest } from '#metadata';
import type { Database } from '../../../db/schema';
import { type EntityAccess, visibleFields } from '../../../engine/entity-access';
import { streamEntity } from '../../../engine/entity-stream';
import { deliveryListFilters, deliveryListWhere } from '../rules/list-filters';
import { type ExportedDelivery, exportedFields } from './delivery-sheet';

/**
 * The deliveries an export writes, by planned start, read page by page through the engine
 * with the home grid's own filters: the caller's units when `MineOnly`, from the start of
 * today (UK) when `Actual`, and active units only.
 */
export function exportedDeliveries(
  db: Kysely<Database>,
  access: EntityAccess,
  request: ExportRequest,
  now: Date,
): AsyncGenerator<ExportedDelivery> {
  const filters = deliveryListFilters(access.caller, {
    MineOnly: request.MineOnly ?? false,
    ShowPast: request.Actual === false,
    ActiveUnitsOnly: true,
  });
  const where = deliveryListWhere(access.rowStorage, filters, now);
  return streamEntity<ExportedDelivery>(db, access, {
    ...(where ? { where } : {}),
    select: exportedFields(visibleFields(access)),
    orderBy: 'StartTime0',
  });
}
