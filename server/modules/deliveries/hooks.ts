import { deliveryMessages, deliveryPermissions } from '#metadata';
import { AppError } from '../../errors/app-error';
import type { EntityHooks } from '../../engine/entity-hooks';
import { deliveryAnswer } from './rules/answer';
import { deliveryFieldRules, managesDeliveries } from './rules/caller-rights';
import { checkedDerive } from './rules/checked-derive';

/**
 * What is special about deliveries, applied by the engine on every path: every caller with
 * ViewDeliveries reads every delivery (no row scope: staff open others' read-only); staff
 * write only the amendable inputs, and only of their own units' deliveries; every write is
 * checked against the material's rules and recomputes the state (the computed fields are
 * written and change-logged with the save).
 */
export const deliveryHooks: EntityHooks = {
  fieldRules: deliveryFieldRules,
  exportPermission: deliveryPermissions.export,
  async beforeWrite({ trx, caller, existing, values, computed }) {
    if (existing && !managesDeliveries(caller) && existing.Mine !== 1) {
      throw new AppError('Forbidden', deliveryMessages.notMine);
    }
    // For staff `values` holds only the amendable inputs: the model needs the whole delivery.
    const derived = await checkedDerive(trx, { ...existing, ...values }, existing);
    Object.assign(computed, derived.computed);
  },
  decorate: deliveryAnswer,
};
