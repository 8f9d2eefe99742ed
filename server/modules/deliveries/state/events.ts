import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../../db/connect';
import { keepListening } from '../../../db/keep-listening';
import { entityRowsWritten } from '../../../engine/count-cache';
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

interface Bus extends DeliveryStateEvents {
  /** Hands changes to this process's listeners. */
  deliver(changes: readonly DeliveryStateChange[]): void;
  /** Where published changes go: this process's listeners, unless a relay takes them. */
  route: (changes: readonly DeliveryStateChange[]) => void;
}

const buses = new WeakMap<Kysely<Database>, Bus>();

function createBus(): Bus {
  const listeners = new Set<DeliveryStateListener>();
  const bus: Bus = {
    deliver(changes) {
      for (const listener of listeners) {
        try {
          listener(changes);
        } catch {
          // One broken stream must neither stop the others nor fail the save that published.
        }
      }
    },
    route: (changes) => bus.deliver(changes),
    publish(changes) {
      if (changes.length > 0) bus.route(changes);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return bus;
}

function busOf(db: Kysely<Database>): Bus {
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = createBus()));
  return bus;
}

/**
 * The state changes of a database's deliveries: the recompute after a forecast change and the
 * saves publish, the state streams subscribe. In one process by default; with
 * `relayDeliveryStates` (PostgreSQL) every app instance on the database hears every change.
 * Pass the application's database (`app.db`), never a transaction.
 */
export function deliveryStateEvents(db: Kysely<Database>): DeliveryStateEvents {
  return busOf(db);
}

/** The PostgreSQL channel the instances share their delivery states on. */
export const deliveryStatesChannel = 'delivery_states';
/** NOTIFY carries under 8,000 bytes: changes go in batches well under it. */
const changesPerNotification = 60;

const isChanges = (value: unknown): value is DeliveryStateChange[] =>
  Array.isArray(value) &&
  value.every(
    (change: Partial<DeliveryStateChange> | null) =>
      typeof change?.Id === 'number' && typeof change.State === 'string',
  );

export interface Relay {
  stop(): Promise<void>;
}

/**
 * Shares the delivery states of `db` between the app instances on one PostgreSQL database:
 * a publish is a NOTIFY on `delivery_states`, and each instance hands what it hears on its own
 * LISTEN connection to its streams (its own changes included, so each arrives once). While
 * that connection is down (it is opened again every 5 s) an instance hands its own changes to
 * its streams directly, and a NOTIFY that fails does the same: nothing published is lost here.
 */
export async function relayDeliveryStates(
  db: Kysely<Database>,
  listen: NonNullable<DatabaseHandle['listen']>,
  log: { warn(details: object, message: string): void },
): Promise<Relay> {
  const bus = busOf(db);
  const onPayload = (payload: string) => {
    // Deliveries changed, perhaps on another instance: its counts remembered here are stale.
    entityRowsWritten();
    try {
      const changes: unknown = JSON.parse(payload);
      if (isChanges(changes)) bus.deliver(changes);
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'unreadable delivery states notification');
    }
  };
  const listening = await keepListening(listen, deliveryStatesChannel, onPayload, log);

  // One NOTIFY after another: sent side by side on the pool's connections they could commit,
  // and so arrive, out of order, and an older state would overwrite a newer one.
  let sending: Promise<void> = Promise.resolve();
  const notify = async (batch: readonly DeliveryStateChange[]) => {
    try {
      await sql`select pg_notify(${deliveryStatesChannel}, ${JSON.stringify(batch)})`.execute(db);
    } catch (error) {
      log.warn({ err: error }, 'delivery states: NOTIFY failed');
      if (listening.isListening()) bus.deliver(batch);
    }
  };
  bus.route = (changes) => {
    if (!listening.isListening()) bus.deliver(changes);
    for (let at = 0; at < changes.length; at += changesPerNotification) {
      const batch = changes.slice(at, at + changesPerNotification);
      sending = sending.then(() => notify(batch));
    }
  };
  return {
    async stop() {
      bus.route = (changes) => bus.deliver(changes);
      await sending;
      await listening.stop();
    },
  };
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
  busOf(db).publish(changes);
}
