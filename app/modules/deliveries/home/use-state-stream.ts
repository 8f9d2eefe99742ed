import { useEffect, useEffectEvent, useState } from 'react';

/** A state change the server pushes: `event: states` of `api/Deliveries/StateStream`. */
export interface PushedState {
  Id: number;
  State: string;
  AvailableTimeForCompaction: number | null;
}

export type StreamStatus = 'connecting' | 'live' | 'offline';

export const stateStreamUrl = '/api/Deliveries/StateStream';

const isPushedStates = (value: unknown): value is PushedState[] =>
  Array.isArray(value) &&
  value.every(
    (item: Partial<PushedState> | null) =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.Id === 'number' &&
      typeof item.State === 'string',
  );

/** How long to wait before opening a stream again once the browser gave it up. */
const reopenMs = 5_000;

/**
 * Listens to the server's delivery states while the screen is open; the browser reconnects by
 * itself (the server's `retry`), and where it gives up (an answer other than the stream, such
 * as 503 while the server's database is away) the stream is opened again after a few seconds.
 * The status says whether states are arriving.
 */
export function useStateStream(onStates: (states: PushedState[]) => void): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const deliver = useEffectEvent(onStates);

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('offline');
      return;
    }
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const opened = new EventSource(stateStreamUrl, { withCredentials: true });
      source = opened;
      opened.onopen = () => setStatus('live');
      opened.onerror = () => {
        if (opened.readyState !== EventSource.CLOSED) return setStatus('connecting');
        setStatus('offline');
        reopen = setTimeout(open, reopenMs);
      };
      opened.addEventListener('states', (event) => {
        try {
          const states: unknown = JSON.parse((event as MessageEvent<string>).data);
          if (isPushedStates(states)) deliver(states);
        } catch {
          // A garbled batch: the next one, or a refresh, brings the states.
        }
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, []);

  return status;
}
