import { deliveryPermissions } from '#metadata';
import { useCan } from '#platform/ui';
import type { DeliveryRow } from './delivery-api';

export interface DeliveryAccess {
  /** No delivery: an id of 0 or less gives a blank form, nothing to compute or save. */
  blank: boolean;
  /** The user may amend it: one of their units' (Mine) with AmendDeliveries, or ManageDeliveries. */
  editable: boolean;
  /** Another unit's delivery, shown read-only with the NOTMINE message. */
  notMine: boolean;
}

/** What the user may do with the delivery, as the server's delivery hooks decide it too. */
export function useDeliveryAccess(delivery: DeliveryRow): DeliveryAccess {
  const can = useCan();
  const blank = !(delivery.Id > 0);
  const manages = can(deliveryPermissions.create);
  const mine = delivery.Mine === 1;
  return {
    blank,
    editable: !blank && (manages || (mine && can(deliveryPermissions.update))),
    notMine: !blank && !mine && !manages,
  };
}
