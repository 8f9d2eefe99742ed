import type { AmendRequest, AmendResult } from '#metadata';
import { http } from '#platform/ui';

export const amendPaths = {
  can: '/api/deliveries/CanAmendSelected',
  amend: '/api/deliveries/AmendSelected',
} as const;

/** Whether the additive may be allowed on every selected delivery: only a `true` answer says so. */
export async function canAmendSelected(body: AmendRequest, signal: AbortSignal): Promise<boolean> {
  const answer = await http.post<unknown>(amendPaths.can, { body, signal, errorHandling: 'none' });
  return answer === true || answer === 'true';
}

/** Amends every selected delivery, all or none; each with its state before and after. */
export function amendSelected(body: AmendRequest): Promise<AmendResult[]> {
  return http.post<AmendResult[]>(amendPaths.amend, { body, errorHandling: 'none' });
}
