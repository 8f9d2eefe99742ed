import { useCallback, useEffect, useState } from 'react';
import { fetchDelivery, type DeliveryRow } from './delivery-api';

export type LoadedDelivery =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; delivery: DeliveryRow; loads: number };

/** The delivery as stored, and a reload (after someone else changed it); `loads` counts them. */
export function useDelivery(id: number): [LoadedDelivery, () => void] {
  const [loads, setLoads] = useState(0);
  const [state, setState] = useState<LoadedDelivery>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchDelivery(id, controller.signal).then(
      (delivery) => {
        if (!controller.signal.aborted) setState({ status: 'ready', delivery, loads });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [id, loads]);

  return [state, useCallback(() => setLoads((count) => count + 1), [])];
}

/** The route's id: a whole number, anything else (or 0 and less) asks for a blank delivery. */
export function deliveryIdOf(param: string | undefined): number {
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : 0;
}
