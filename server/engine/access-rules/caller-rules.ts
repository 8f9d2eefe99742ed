import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { EntityStorage } from '#metadata';
import type { EntityCaller } from '../caller';
import { storageBoundTo } from '../caller-links';
import type { FieldRules } from '../entity-hooks';
import { type BaseWhere, filterSql } from '../odata/index';
import type { VariableSql } from '../odata/filter-sql';
import { parsedRulesOf, type RuledEntity, type RuleFilter } from './parsed-rules';
import { ruleStorage } from './rule-model';

/** The rows a caller's row rules let them read and write; null: no rule binds them. */
export interface RowScopes {
  read: BaseWhere | null;
  write: BaseWhere | null;
}

export interface CallerRules {
  rows: RowScopes;
  fields: FieldRules;
}

const unbound: CallerRules = { rows: { read: null, write: null }, fields: {} };

/**
 * The SQL of the rule variables for a caller: who they are, their units (a query over
 * user_units), their company. A signed-out caller has none, a caller without a company no
 * `$CurrentCompany`: a rule using a variable the caller lacks allows no row (never `is null`).
 */
function variablesOf(caller: EntityCaller): VariableSql {
  const user = caller.user;
  if (!user) return {};
  return {
    $CurrentUser: sql`cast(${user.id} as bigint)`,
    $CurrentUserUnits: sql`select uu.unit_id from ${sql.table('user_units')} as uu
      where uu.user_id = ${user.id}`,
    ...(user.companyId === null ? {} : { $CurrentCompany: sql`cast(${user.companyId} as bigint)` }),
  };
}

const nothing = sql<SqlBool>`false`;

/** The rows any of the filters allows: null when one allows every row. */
function anyOf(
  filters: readonly RuleFilter[],
  storage: () => EntityStorage,
  bound: VariableSql,
): BaseWhere | null {
  if (filters.some((filter) => filter.kind === 'all')) return null;
  const part = (filter: RuleFilter): RawBuilder<SqlBool> => {
    if (filter.kind !== 'filter') return nothing;
    if (filter.variables.some((name) => !Object.hasOwn(bound, name))) return nothing;
    return filterSql(filter.node, storage(), bound);
  };
  const parts = filters.map(part);
  const condition = sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  return () => condition;
}

/**
 * What a data source's access rules (see AccessRules) make of one caller: the rows they read
 * and write (the filters of the row rules naming any of their roles, joined by `or`; none of
 * their roles named: the everyone-else rule's, or none), and the fields hidden from them or
 * read-only to them. Filters are turned into SQL over the whole entity (a rule may name a
 * field hidden from the caller), its `Mine` bound to the caller. The installation's own jobs
 * (see systemCaller) are bound by no rule.
 *
 * @example const { rows, fields } = callerRules(entity, caller);
 */
export function callerRules(entity: RuledEntity, caller: EntityCaller): CallerRules {
  const rules = parsedRulesOf(entity);
  if (caller.system) return unbound;
  if (rules.rows.length === 0 && rules.fields.length === 0 && !rules.others) return unbound;
  const roles = new Set(caller.user?.roleIds ?? []);
  const holds = (ids: readonly number[]) => ids.some((id) => roles.has(id));
  const named = rules.rows.filter((rule) => holds(rule.roleIds));
  const matching = named.length > 0 || !rules.others ? named : [rules.others];
  const hidden = rules.fields.filter((rule) => holds(rule.HiddenFor)).map((rule) => rule.Field);
  const readOnly = rules.fields.filter((rule) => holds(rule.ReadOnlyFor)).map((rule) => rule.Field);
  const fields = {
    ...(hidden.length > 0 ? { hidden } : {}),
    ...(readOnly.length > 0 ? { readOnly } : {}),
  };
  if (matching.length === 0) return { rows: unbound.rows, fields };
  let storage: EntityStorage | undefined;
  const boundStorage = () =>
    (storage ??= ruleStorage(storageBoundTo(entity.storage, caller.user?.id ?? null)));
  const bound = variablesOf(caller);
  return {
    rows: {
      read: anyOf(
        matching.map((rule) => rule.read),
        boundStorage,
        bound,
      ),
      write: anyOf(
        matching.map((rule) => rule.write),
        boundStorage,
        bound,
      ),
    },
    fields,
  };
}
