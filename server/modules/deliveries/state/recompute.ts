import type { Kysely } from 'kysely';
import { deliveryEntity } from '#metadata';
import type { Database } from '../../../db/schema';
import { readStoredRows, writeComputedFields } from '../../../engine/computed-writes';
import { entityByName, type EngineEntity } from '../../../engine/entity-context';
import { listActiveDeliveryMaterials } from '../../../repositories/delivery-materials';
import { deriveMany } from './derive';
import { type DeliveryStateChange, publishStateChanges } from './events';
import { deliveryReferences } from './references';

type Row = Record<string, unknown>;

/** Which deliveries to recompute; every condition given must hold. */
export interface RecomputeWhere {
  ids?: readonly number[];
  /** Deliveries whose nearest forecast site this is. */
  siteId?: number;
  /** StartTime0 from (inclusive). */
  from?: Date;
  /** StartTime0 up to (inclusive). */
  to?: Date;
}

export interface RecomputeOptions {
  batchSize?: number;
  now?: () => Date;
  log?: { warn(details: object, message: string): void };
  /** Checked between batches: set to stop early (the app is closing). */
  stopped?: () => boolean;
}

export interface RecomputeResult {
  /** Deliveries read and derived. */
  read: number;
  /** Deliveries written (a row saved meanwhile is left to its save). */
  written: number;
  /** Deliveries whose State or AvailableTimeForCompaction changed (and were published). */
  changed: number;
}

const defaultBatchSize = 500;

/** Lets requests waiting for the event loop run between two batches. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function versionFieldOf(entity: EngineEntity): string | undefined {
  const { fields, versionColumn } = entity.storage;
  return Object.keys(fields).find((field) => fields[field] === versionColumn);
}

function stateChanged(before: Row, after: Row): boolean {
  return (
    before.State !== after.State ||
    (before.AvailableTimeForCompaction ?? null) !== (after.AvailableTimeForCompaction ?? null)
  );
}

/** The pages of keys to read when given ids: sorted, unique, a batch each. */
function keyPages(ids: readonly number[] | undefined, size: number): (number[] | undefined)[] {
  if (!ids) return [undefined];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const pages: number[][] = [];
  for (let i = 0; i < sorted.length; i += size) pages.push(sorted.slice(i, i + size));
  return pages;
}

/**
 * Recomputes the computed fields of the deliveries matching `where` (a forecast change at a
 * site, an administrator's change to a material...) in batches, through the engine: each
 * batch is read, derived (deriveMany, the same rules as a save) and written back in one
 * statement (writeComputedFields: no version bump, no change-log entry), and the deliveries
 * whose state changed are published to the state streams. Yields to waiting requests between
 * batches, so it never holds the server for long.
 */
export async function recomputeDeliveries(
  db: Kysely<Database>,
  where: RecomputeWhere,
  options: RecomputeOptions = {},
): Promise<RecomputeResult> {
  const size = options.batchSize ?? defaultBatchSize;
  const entity = await entityByName(db, deliveryEntity.name);
  const versionField = versionFieldOf(entity);
  const references = await deliveryReferences(db, options.log);
  const materials = await listActiveDeliveryMaterials(db);
  const result: RecomputeResult = { read: 0, written: 0, changed: 0 };
  for (const keys of keyPages(where.ids, size)) {
    let afterKey: number | null = null;
    for (;;) {
      if (options.stopped?.()) return result;
      const rows = await readStoredRows(db, entity, {
        equal: where.siteId === undefined ? {} : { WeatherSiteId: where.siteId },
        within: { StartTime0: { from: where.from, to: where.to } },
        keys,
        afterKey,
        limit: size,
      });
      if (rows.length === 0) break;
      const derived = await deriveMany(
        db,
        rows.map((row) => ({ values: row, existing: row })),
        { materials, references },
        { now: options.now, log: options.log },
      );
      const written = new Set(
        await writeComputedFields(
          db,
          entity,
          rows.map((row, i) => ({
            key: row[entity.primaryKeyField] as number,
            ...(versionField ? { version: row[versionField] as number } : {}),
            values: derived[i]!.computed,
          })),
        ),
      );
      const changes: DeliveryStateChange[] = [];
      rows.forEach((row, i) => {
        const after = derived[i]!.computed;
        const id = row[entity.primaryKeyField] as number;
        if (!written.has(id) || !stateChanged(row, after)) return;
        changes.push({
          Id: id,
          State: String(after.State),
          AvailableTimeForCompaction: (after.AvailableTimeForCompaction as number | null) ?? null,
          UnitId: row.UnitId as number,
        });
      });
      publishStateChanges(db, changes);
      result.read += rows.length;
      result.written += written.size;
      result.changed += changes.length;
      afterKey = rows.at(-1)![entity.primaryKeyField] as number;
      if (rows.length < size) break;
      await yieldToRequests();
    }
  }
  return result;
}
