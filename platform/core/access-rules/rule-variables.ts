import type { accessRuleVariables } from '#metadata';
import type { FilterVariables } from '../odata/model';

type RuleVariable = (typeof accessRuleVariables)[number];

/**
 * The variables of a row rule's filter, as the parser types them: the caller's user id, the
 * ids of their units (a list: `UnitId in $CurrentUserUnits`) and their company's id. Never
 * offered to a client's `$filter`.
 *
 * @example parseFilter('UnitId in $CurrentUserUnits', model, {}, 'RowRules[0].Read', ruleFilterVariables)
 */
export const ruleFilterVariables = {
  $CurrentUser: { type: 'integer', list: false },
  $CurrentUserUnits: { type: 'integer', list: true },
  $CurrentCompany: { type: 'integer', list: false },
} as const satisfies Record<RuleVariable, FilterVariables[string]> & FilterVariables;
