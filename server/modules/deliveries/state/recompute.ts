import type { Kysely } from 'kysely';
import { deliveryEntity } from '#metadata';
import type { Database } from '../../../db/schema';
import { readStoredRows, writeComputedFields } from '../../../engine/computed-writes';
import { entityByName, type EngineEntity } from '../../../engine/entity-context';
import { listActiveDeliveryMaterials } from '../repositories/delivery-materials';
import { type DerivedDelivery, deriveMany } from './derive';
import { type DeliveryStateChange, publishStateChanges } from './events';
import { deliveryReferences } from './references';

type Row = Record<string, unknown>;

const derivedLocationFields = ['Latitude', 'Longitude'];

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
 *
 * The database and the model overlap: while a batch is derived here, the next one is read and
 * the previous one written (at most one of each in flight, on connections of their own), so a
 * large recompute takes about as long as its slower half rather than the sum of both.
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
  const key = (row: Row) => row[entity.primaryKeyField] as number;

  const read = (keys: number[] | undefined, afterKey: number | null) =>
    readStoredRows(db, entity, {
      equal: where.siteId === undefined ? {} : { WeatherSiteId: where.siteId },
      within: { StartTime0: { from: where.from, to: where.to } },
      keys,
      afterKey,
      limit: size,
    });

  async function write(rows: Row[], derived: DerivedDelivery[]): Promise<void> {
    // The location found from a grid reference or postcode is kept with the row, as a save keeps
    // it (coordinates the delivery gave come back unchanged).
    const written = new Set(
      await writeComputedFields(
        db,
        entity,
        rows.map((row, i) => ({
          key: key(row),
          ...(versionField ? { version: row[versionField] as number } : {}),
          values: derived[i]!.computed,
        })),
        derivedLocationFields,
      ),
    );
    const changes: DeliveryStateChange[] = [];
    rows.forEach((row, i) => {
      const after = derived[i]!.computed;
      if (!written.has(key(row)) || !stateChanged(row, after)) return;
      changes.push({
        Id: key(row),
        State: String(after.State),
        AvailableTimeForCompaction: (after.AvailableTimeForCompaction as number | null) ?? null,
        UnitId: row.UnitId as number,
      });
    });
    publishStateChanges(db, changes);
    result.written += written.size;
    result.changed += changes.length;
  }

  let writing: Promise<void> = Promise.resolve();
  try {
    for (const keys of keyPages(where.ids, size)) {
      let reading: Promise<Row[]> | null = read(keys, null);
      while (reading) {
        const rows: Row[] = await reading;
        reading = null;
        if (rows.length === 0 || options.stopped?.()) break;
        // The next page is read while this one is derived; a failure surfaces when awaited.
        if (rows.length === size) {
          reading = read(keys, key(rows.at(-1)!));
          reading.catch(() => undefined);
        }
        const derived = await deriveMany(
          db,
          rows.map((row) => ({ values: row, existing: row })),
          { materials, references },
          { now: options.now, log: options.log },
        );
        result.read += rows.length;
        await writing;
        writing = write(rows, derived);
        writing.catch(() => undefined);
        await yieldToRequests();
      }
      if (options.stopped?.()) break;
    }
  } finally {
    // Never leave a write running behind the caller's back, even when a read failed.
    await writing.catch(() => undefined);
  }
  await writing;
  return result;
}
