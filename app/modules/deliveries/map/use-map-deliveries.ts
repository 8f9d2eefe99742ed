import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapDelivery } from './map-delivery';

export type MapLoad =
  | { status: 'loading'; deliveries: readonly MapDelivery[] }
  | { status: 'ready'; deliveries: readonly MapDelivery[] }
  | { status: 'failed'; deliveries: readonly MapDelivery[]; error: unknown };

const none: readonly MapDelivery[] = [];

/**
 * The deliveries from `load`, asked for again whenever `reloadKey` changes or on `retry`; the
 * older request is aborted. While one loads, the last ones stay shown.
 */
export function useMapDeliveries(
  load: (signal: AbortSignal) => Promise<MapDelivery[]>,
  reloadKey: unknown,
): MapLoad & { retry(): void } {
  const [state, setState] = useState<MapLoad>({ status: 'loading', deliveries: none });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) =>
      previous.status === 'loading'
        ? previous
        : { status: 'loading', deliveries: previous.deliveries },
    );
    loadRef.current(controller.signal).then(
      (deliveries) => {
        if (!controller.signal.aborted) setState({ status: 'ready', deliveries });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', deliveries: none, error });
      },
    );
    return () => controller.abort();
  }, [reloadKey, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
