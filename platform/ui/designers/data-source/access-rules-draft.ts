import type { AccessRules, AccessRulesView, DataSourceView } from '#metadata';
import { fieldErrorsOf } from '../../http';

/** A row rule as the panel edits it: role ids as the multi-select holds them (text). */
export interface RowRuleDraft {
  /** Stable across removals, for React's keys. */
  key: number;
  roles: string[];
  read: string;
  write: string;
}

/** The everyone-else rule's filters as the panel edits them. */
export interface OthersRuleDraft {
  read: string;
  write: string;
}

export interface FieldRuleDraft {
  hidden: string[];
  readOnly: string[];
}

export interface AccessRulesDraft {
  rows: RowRuleDraft[];
  /** The everyone-else rule; null: none (callers no rule names are not restricted). */
  others: OthersRuleDraft | null;
  /** By field name; a field without roles has no rule. */
  fields: Readonly<Record<string, FieldRuleDraft>>;
}

/** Errors of a refused save, on what they name: a rule's roles or filters, a field's rule. */
export interface RuleErrors {
  rows: Readonly<Record<number, { roles?: string; read?: string; write?: string }>>;
  others: { read?: string; write?: string };
  fields: Readonly<Record<string, string>>;
  other: string[];
}

export const noRuleErrors: RuleErrors = { rows: {}, others: {}, fields: {}, other: [] };

let nextKey = 1;
export const newRowRule = (): RowRuleDraft => ({ key: nextKey++, roles: [], read: '', write: '' });

export function draftOf(rules: AccessRulesView): AccessRulesDraft {
  return {
    rows: rules.RowRules.map((rule) => ({
      ...newRowRule(),
      roles: rule.RoleIds.map(String),
      read: rule.Read ?? '',
      write: rule.Write ?? '',
    })),
    others: rules.OthersRule
      ? { read: rules.OthersRule.Read ?? '', write: rules.OthersRule.Write ?? '' }
      : null,
    fields: Object.fromEntries(
      rules.FieldRules.map((rule) => [
        rule.Field,
        { hidden: rule.HiddenFor.map(String), readOnly: rule.ReadOnlyFor.map(String) },
      ]),
    ),
  };
}

const filterOf = (text: string) => (text.trim() === '' ? null : text);
const ids = (roles: readonly string[]) => roles.map(Number);

/** The `PUT` body: field rules in the order of `fields`, those without roles left out. */
export function rulesBodyOf(
  draft: AccessRulesDraft,
  fields: readonly string[],
  version: number,
): AccessRules {
  return {
    RowRules: draft.rows.map((rule) => ({
      RoleIds: ids(rule.roles),
      Read: filterOf(rule.read),
      Write: filterOf(rule.write),
    })),
    OthersRule: draft.others && {
      Read: filterOf(draft.others.read),
      Write: filterOf(draft.others.write),
    },
    FieldRules: fields.flatMap((Field) => {
      const rule = draft.fields[Field];
      if (!rule || rule.hidden.length + rule.readOnly.length === 0) return [];
      return [{ Field, HiddenFor: ids(rule.hidden), ReadOnlyFor: ids(rule.readOnly) }];
    }),
    Version: version,
  };
}

/** What keeps the rules from being saved, found here: a row rule without roles. */
export function localRuleErrors(draft: AccessRulesDraft, rolesRequired: string): RuleErrors {
  const rows: Record<number, { roles: string }> = {};
  draft.rows.forEach((rule, index) => {
    if (rule.roles.length === 0) rows[index] = { roles: rolesRequired };
  });
  return { ...noRuleErrors, rows };
}

/** `RowRules[0].Read` (the server's checks) or `RowRules.0.Read` (its schema's). */
const pathPattern = /^(RowRules|FieldRules)(?:\[(\d+)\]|\.(\d+))(?:\.(\w+))?/;
/** `OthersRule.Read`: the everyone-else rule's filters. */
const othersPattern = /^OthersRule\.(Read|Write)$/;
const rowParts: Record<string, 'roles' | 'read' | 'write'> = {
  RoleIds: 'roles',
  Read: 'read',
  Write: 'write',
};

/** A refused save's `Errors`, placed on the rule or field they name (`sent` is the body). */
export function ruleErrorsOf(errors: unknown, sent: AccessRules): RuleErrors {
  const rows: Record<number, { roles?: string; read?: string; write?: string }> = {};
  const others: RuleErrors['others'] = {};
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const error of fieldErrorsOf(errors)) {
    const side = othersPattern.exec(error.Field)?.[1];
    if (side && sent.OthersRule) {
      others[side === 'Read' ? 'read' : 'write'] = error.Message;
      continue;
    }
    const match = pathPattern.exec(error.Field);
    const index = Number(match?.[2] ?? match?.[3]);
    const part = match?.[4] ?? '';
    const rowPart = rowParts[part];
    const field = match?.[1] === 'FieldRules' ? sent.FieldRules[index]?.Field : undefined;
    if (match?.[1] === 'RowRules' && rowPart && index < sent.RowRules.length) {
      rows[index] = { ...rows[index], [rowPart]: error.Message };
    } else if (field !== undefined) {
      fields[field] = fields[field] ? `${fields[field]} ${error.Message}` : error.Message;
    } else {
      other.push(error.Field ? `${error.Field}: ${error.Message}` : error.Message);
    }
  }
  return { rows, others, fields, other };
}

export const hasRuleErrors = (errors: RuleErrors) =>
  Object.keys(errors.rows).length +
    Object.keys(errors.others).length +
    Object.keys(errors.fields).length +
    errors.other.length >
  0;

/**
 * The roles that may read the data source and that the rules leave unrestricted: named by no
 * row rule while there is no everyone-else rule (and some row rule, or nobody is restricted
 * anyway). Empty when there is nothing to warn of.
 */
export function unruledReaders(draft: AccessRulesDraft, readers: readonly number[]): string[] {
  if (draft.others || draft.rows.length === 0) return [];
  const named = new Set(draft.rows.flatMap((rule) => rule.roles));
  return readers.map(String).filter((role) => !named.has(role));
}

/** System fields a user table answers besides its own, which a field rule may hide. */
const userTableStamps = ['CreatedAt', 'CreatedBy', 'UpdatedAt', 'UpdatedBy'];

/**
 * The fields a field rule may name, in the data source's order: its top-level fields as saved
 * (with a user table's stamps), not the key nor the Version.
 */
export function ruledFields(view: DataSourceView): string[] {
  const own = Object.keys((view.SchemaDefinition.properties ?? {}) as object);
  const all = view.IsVirtual ? own : [...own, ...userTableStamps];
  const keys = new Set(['Id', 'Version', view.PrimaryKeyField]);
  return all.filter((field) => !keys.has(field));
}
