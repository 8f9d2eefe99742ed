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

/**
 * Listens to the server's delivery states while the screen is open; the browser reconnects by
 * itself (the server's `retry`), and the status says whether states are arriving.
 */
export function useStateStream(onStates: (states: PushedState[]) => void): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const deliver = useEffectEvent(onStates);

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('offline');
      return;
    }
    const source = new EventSource(stateStreamUrl, { withCredentials: true });
    source.onopen = () => setStatus('live');
    source.onerror = () =>
      setStatus(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    source.addEventListener('states', (event) => {
      try {
        const states: unknown = JSON.parse((event as MessageEvent<string>).data);
        if (isPushedStates(states)) deliver(states);
      } catch {
        // A garbled batch: the next one, or a refresh, brings the states.
      }
    });
    return () => source.close();
  }, []);

  return status;
}
