import type { AccessRules, EntityStorage, FieldRule, JsonSchema } from '#metadata';
import {
  type FilterNode,
  type ODataModel,
  parseFilter,
  ruleFilterVariables,
  variablesOf,
} from '#platform/core';
import { ruleModel } from './rule-model';

/** A data source's rules as `data_sources.access_rules` holds them (its Version is the row's). */
export type StoredAccessRules = Pick<AccessRules, 'RowRules' | 'FieldRules' | 'OthersRule'>;

/**
 * A rule's filter as the engine applies it: none (every row), one that no longer reads against
 * the data source (a field it names was removed since: no row), or the checked filter and the
 * variables it uses.
 */
export type RuleFilter =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'filter'; node: FilterNode; variables: readonly string[] };

export interface ParsedFilters {
  read: RuleFilter;
  write: RuleFilter;
}

export interface ParsedRowRule extends ParsedFilters {
  roleIds: readonly number[];
}

export interface ParsedRules {
  rows: readonly ParsedRowRule[];
  /** The everyone-else rule (see AccessRules.OthersRule); null: none. */
  others: ParsedFilters | null;
  fields: readonly FieldRule[];
}

/**
 * A rule's filter checked against the data source's fields with the rule variables; throws
 * the ODataError (naming `option`, e.g. `RowRules[0].Read`) of a filter it refuses.
 */
export function parseRuleFilter(text: string, model: ODataModel, option: string): FilterNode {
  return parseFilter(text, model, {}, option, ruleFilterVariables);
}

function ruleFilter(text: string | null, model: ODataModel, option: string): RuleFilter {
  if (text === null || text.trim() === '') return { kind: 'all' };
  try {
    const node = parseRuleFilter(text, model, option);
    return { kind: 'filter', node, variables: variablesOf(node) };
  } catch {
    // Saved when it read: the data source changed since. No row rather than every row.
    return { kind: 'none' };
  }
}

/** What rules are read from: an entity's schema, storage and stored rules. */
export interface RuledEntity {
  schema: JsonSchema;
  storage: EntityStorage;
  accessRules: StoredAccessRules | null;
}

const parsed = new WeakMap<object, ParsedRules>();
const none: ParsedRules = { rows: [], others: null, fields: [] };

/** The entity's rules, read once per loaded definition. */
export function parsedRulesOf(entity: RuledEntity): ParsedRules {
  const stored = entity.accessRules;
  if (!stored) return none;
  let rules = parsed.get(stored);
  if (!rules) {
    const model = ruleModel(entity);
    const filters = (rule: { Read: string | null; Write: string | null }, at: string) => ({
      read: ruleFilter(rule.Read, model, `${at}.Read`),
      write: ruleFilter(rule.Write, model, `${at}.Write`),
    });
    const others = stored.OthersRule ?? null;
    rules = {
      rows: stored.RowRules.map((rule, index) => ({
        roleIds: rule.RoleIds,
        ...filters(rule, `RowRules[${index}]`),
      })),
      others: others && filters(others, 'OthersRule'),
      fields: stored.FieldRules,
    };
    parsed.set(stored, rules);
  }
  return rules;
}
