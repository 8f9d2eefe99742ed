import { deliveryAmendableFields, deliveryPermissions, deliverySchema } from '#metadata';
import { callerMay } from '../../../engine/caller';
import type { EntityCaller } from '../../../engine/caller';
import type { FieldRules } from '../../../engine/entity-hooks';

/** Whether the caller creates, imports and deletes deliveries and writes every field. */
export function managesDeliveries(caller: EntityCaller): boolean {
  return caller.user !== null && callerMay(caller.user, deliveryPermissions.create);
}

const amendable: readonly string[] = deliveryAmendableFields;
const notAmendable = Object.keys(deliverySchema.properties).filter((f) => !amendable.includes(f));

/**
 * Staff write only what the spec lets them amend (output temperature, thickness, additive);
 * everything else about a delivery comes from the import or an administrator.
 */
export function deliveryFieldRules(caller: EntityCaller): FieldRules {
  return managesDeliveries(caller) ? {} : { readOnly: notAmendable };
}
