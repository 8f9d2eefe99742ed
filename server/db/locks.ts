import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/** Keys of PostgreSQL advisory locks, one per kind of work that instances take turns at. */
export const advisoryLocks = { referenceSeeding: 0x5eed_0001 } as const;

/**
 * Waits for, then holds until the transaction ends, the advisory lock `key`: instances
 * sharing one database do that work one after the other.
 */
export async function lockForTransaction(
  trx: Transaction<Database>,
  key: (typeof advisoryLocks)[keyof typeof advisoryLocks],
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}
