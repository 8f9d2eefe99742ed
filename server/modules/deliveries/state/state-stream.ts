import { PassThrough } from 'node:stream';
import { isDatabaseUnavailable } from '../../../db/unavailable';
import type { DeliveryStateChange, DeliveryStateEvents } from './events';

export interface StateStreamOptions {
  events: DeliveryStateEvents;
  /** Whether the caller may still see deliveries; false ends the stream. */
  allowed(): Promise<boolean>;
  /**
   * The changes of a batch as this caller may see them (their row rules, their hidden fields);
   * asked after `allowed`, before each batch. All of them, as they are, when absent.
   */
  visible?(changes: ShownState[]): Promise<ShownState[]>;
  /** Send the opening lines and one heartbeat, then end (a check, not a listener). */
  once?: boolean;
  heartbeatMs?: number;
  /** Changes are gathered for this long and sent together, the latest per delivery. */
  gatherMs?: number;
  log?: { warn(details: object, message: string): void };
}

export interface StateStream {
  /** The `text/event-stream` body. */
  body: PassThrough;
  /** Ends it: the client left, or the app is closing. */
  close(): void;
}

/** How long the browser waits before reconnecting (EventSource's `retry`). */
export const reconnectMs = 5_000;
/** Under the 30 s idle limits of common proxies and of the server's own sockets. */
const defaultHeartbeatMs = 20_000;
const defaultGatherMs = 250;
/** While the database is away, a batch that could not be checked is tried again this often. */
const unavailableRetryMs = 1_000;
/** A client that reads nothing for this much is dropped; it reconnects and refreshes. */
const maxBufferedBytes = 1_000_000;

/** A change as a stream sends it; without the time for compaction when it is hidden. */
export type ShownState = Pick<DeliveryStateChange, 'Id' | 'State'> &
  Partial<Pick<DeliveryStateChange, 'AvailableTimeForCompaction'>>;
type Shown = ShownState;

/**
 * One open state stream: `event: states` with `[{ Id, State, AvailableTimeForCompaction }]`
 * for the deliveries whose state changed, a `: ping` comment every heartbeat, and the caller
 * re-checked before each batch and each heartbeat (a stream outlives the request that opened
 * it: signing out, idling or losing the permission ends it).
 */
export function openStateStream(options: StateStreamOptions): StateStream {
  const body = new PassThrough();
  const pending = new Map<number, Shown>();
  let gatherTimer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  let closed = false;

  const write = (text: string) => {
    if (closed || body.destroyed) return;
    body.write(text);
    if (body.writableLength > maxBufferedBytes) close();
  };

  /**
   * 'yes', 'no' (the stream ends), or 'unknown' while the database is away: the stream stays
   * open and what it holds waits, so it resumes by itself when the database is back.
   */
  const stillAllowed = async (): Promise<'yes' | 'no' | 'unknown'> => {
    try {
      if (await options.allowed()) return closed ? 'no' : 'yes';
    } catch (error) {
      if (isDatabaseUnavailable(error)) return 'unknown';
      options.log?.warn({ err: error }, 'state stream could not re-check its caller');
    }
    close();
    return 'no';
  };

  const sendLater = (delayMs: number) => {
    gatherTimer ??= setTimeout(() => {
      sending = sending.then(send);
    }, delayMs);
  };

  const send = async () => {
    gatherTimer = undefined;
    if (pending.size === 0) return;
    const allowed = await stillAllowed();
    if (allowed === 'unknown') return sendLater(unavailableRetryMs);
    if (allowed === 'no') return;
    const gathered = [...pending.values()];
    pending.clear();
    let batch = gathered;
    if (options.visible) {
      try {
        batch = await options.visible(gathered);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          for (const state of gathered) if (!pending.has(state.Id)) pending.set(state.Id, state);
          return sendLater(unavailableRetryMs);
        }
        // Unsure what the caller may see: nothing, and the client reconnects afresh.
        options.log?.warn({ err: error }, 'state stream could not scope its batch');
        close();
        return;
      }
    }
    if (batch.length > 0) write(`event: states\ndata: ${JSON.stringify(batch)}\n\n`);
  };

  const unsubscribe = options.events.subscribe((changes) => {
    if (closed) return;
    for (const { Id, State, AvailableTimeForCompaction } of changes) {
      pending.set(Id, { Id, State, AvailableTimeForCompaction });
    }
    sendLater(options.gatherMs ?? defaultGatherMs);
  });

  const heartbeat = setInterval(() => {
    sending = sending.then(async () => {
      // A ping tells nothing: it keeps the connection while the database is away too.
      if ((await stillAllowed()) !== 'no') write(': ping\n\n');
    });
  }, options.heartbeatMs ?? defaultHeartbeatMs);
  heartbeat.unref();

  function close() {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    clearTimeout(gatherTimer);
    pending.clear();
    if (!body.destroyed) body.end();
  }

  // Fastify destroys the body when the client goes away.
  body.on('close', close);
  write(`retry: ${reconnectMs}\n\n`);
  if (options.once) {
    write(': ping\n\n');
    close();
  }
  return { body, close };
}
