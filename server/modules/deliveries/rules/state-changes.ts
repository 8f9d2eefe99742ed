import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { publishStateChanges } from '../state/events';

type Row = Record<string, unknown>;

/**
 * Tells open grids about deliveries staff just saved (SaveDelivery, AmendSelected), once the
 * writes are committed: the one place their own changes are pushed. Every saved row is told,
 * changed state or not: a row the grid refreshes for nothing costs less than a read per save.
 */
export function announceStateChanges(db: Kysely<Database>, rows: readonly Row[]): void {
  publishStateChanges(
    db,
    rows.map((row) => ({
      Id: row.Id as number,
      State: String(row.State),
      AvailableTimeForCompaction: (row.AvailableTimeForCompaction as number | null) ?? null,
      UnitId: row.UnitId as number,
    })),
  );
}
