import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { fieldChanges, recordChange, systemActor } from '../engine/change-log';

/** A row the demo seed created, by its entity's type and key, with the values it was given. */
export interface SeededRow {
  entityType: string;
  entityId: number;
  values: Readonly<Record<string, unknown>>;
}

/**
 * The audit log of a new demo: one creation entry per seeded record (company, groups, plants,
 * mixes, accounts), attributed to the system, with the field values the engine would log for
 * the same creation (never a password). Written in the seed's transaction, so a database
 * seeded once has this history once.
 */
export async function recordSeedHistory(
  trx: Transaction<Database>,
  rows: readonly SeededRow[],
): Promise<void> {
  for (const row of rows) {
    await recordChange(trx, {
      entityType: row.entityType,
      entityId: row.entityId,
      actionType: 0,
      actor: systemActor,
      changes: fieldChanges(null, row.values, Object.keys(row.values)),
    });
  }
}
