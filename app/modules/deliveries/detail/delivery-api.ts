import type { CoolingPoint, Delivery, SuggestedChanges } from '#metadata';
import { http } from '#platform/ui';

/** A delivery as the calls answer it: a blank one (id 0) has little more than its id. */
export type DeliveryRow = Partial<Delivery> & { Id: number };

/** SetNewState's answer: the delivery as it would be, with the cooling curve behind its state. */
export type WhatIfAnswer = DeliveryRow & { Curve?: CoolingPoint[] };

/** The inputs a what-if, a suggestion and a save are about. */
export interface WhatIfRequest {
  Id: number;
  OutputTemperature: number;
  Thickness: number;
  EvoThermAllowed: boolean;
}

export const deliveryPaths = {
  get: (id: number) => `/api/Deliveries/GetDeliveryById/${id}`,
  whatIf: '/api/Deliveries/SetNewState',
  save: '/api/Deliveries/SaveDelivery',
  suggest: '/api/Deliveries/SuggestChanges',
} as const;

/** The delivery; an id of 0 or less answers a blank one. Failures come back to the page. */
export function fetchDelivery(id: number, signal?: AbortSignal): Promise<DeliveryRow> {
  return http.get<DeliveryRow>(deliveryPaths.get(id), { signal, errorHandling: 'none' });
}

/** What the state would be with these inputs; nothing is saved. */
export function askWhatIf(body: WhatIfRequest, signal: AbortSignal): Promise<WhatIfAnswer> {
  return http.post<WhatIfAnswer>(deliveryPaths.whatIf, { body, signal, errorHandling: 'none' });
}

/** Changes that would make a red or amber delivery workable. */
export function askSuggestions(
  body: WhatIfRequest,
  signal: AbortSignal,
): Promise<SuggestedChanges> {
  return http.post<SuggestedChanges>(deliveryPaths.suggest, {
    body,
    signal,
    errorHandling: 'none',
  });
}

/** Saves the delivery (with the Version it was read at: a stale one is a 409). */
export function saveDelivery(delivery: DeliveryRow): Promise<DeliveryRow> {
  return http.post<DeliveryRow>(deliveryPaths.save, { body: delivery, errorHandling: 'none' });
}
