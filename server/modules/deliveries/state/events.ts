import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** A delivery whose state or time for compaction changed. */
export interface DeliveryStateChange {
  Id: number;
  State: string;
  AvailableTimeForCompaction: number | null;
  /** Its unit, so a listener can tell whose delivery it is. */
  UnitId: number;
}

export type DeliveryStateListener = (changes: readonly DeliveryStateChange[]) => void;

export interface DeliveryStateEvents {
  publish(changes: readonly DeliveryStateChange[]): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: DeliveryStateListener): () => void;
}

const buses = new WeakMap<Kysely<Database>, DeliveryStateEvents>();

function createBus(): DeliveryStateEvents {
  const listeners = new Set<DeliveryStateListener>();
  return {
    publish(changes) {
      if (changes.length === 0) return;
      for (const listener of listeners) {
        try {
          listener(changes);
        } catch {
          // One broken stream must neither stop the others nor fail the save that published.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The state changes of a database's deliveries, as this process sees them: the recompute after
 * a forecast change and the saves publish, the state streams subscribe. In-process only: with
 * several app instances, each tells its own streams about its own changes; relaying them
 * through PostgreSQL LISTEN/NOTIFY is the next step. Pass the application's database
 * (`app.db`), never a transaction.
 */
export function deliveryStateEvents(db: Kysely<Database>): DeliveryStateEvents {
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = createBus()));
  return bus;
}

/**
 * Tells the open state streams that these deliveries changed (after SaveDelivery, AmendSelected
 * or a recompute). Listeners run synchronously and never throw into the caller.
 *
 * @example publishStateChanges(app.db, [{ Id: 7, State: 'G', AvailableTimeForCompaction: 21.4, UnitId: 2 }])
 */
export function publishStateChanges(
  db: Kysely<Database>,
  changes: readonly DeliveryStateChange[],
): void {
  deliveryStateEvents(db).publish(changes);
}
