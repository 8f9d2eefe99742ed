import { type RawBuilder, sql } from 'kysely';
import type { CheckRule, ColumnSpec } from './column-specs';

/**
 * The SQL pieces of a user table's DDL. DDL takes no parameters, so every value a user gave
 * (an enum value, a default, a pattern) is written as a quoted literal by Kysely's `sql.lit`;
 * every name is one of ours (see names.ts).
 */

export const ref = (name: string) => sql.ref(name);

/** A value as a literal of the column's type (a JSON column's as JSON text). */
export function literalOf(spec: Pick<ColumnSpec, 'sqlType'>, value: unknown): RawBuilder<unknown> {
  if (spec.sqlType === 'jsonb') return sql`${sql.lit(JSON.stringify(value))}::jsonb`;
  if (typeof value === 'string') return sql`${sql.lit(value)}::${sql.raw(spec.sqlType)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return sql.lit(value);
  return sql`null`;
}

/** The check of a column's rules (enum values, bounds, pattern), true for null values. */
export function checkSql(value: RawBuilder<unknown>, rule: CheckRule): RawBuilder<unknown> {
  const c = value;
  const parts: RawBuilder<unknown>[] = [];
  if (rule.enum) parts.push(sql`${c} in (${sql.join(rule.enum.map((value) => sql.lit(value)))})`);
  if (rule.minimum !== undefined) parts.push(sql`${c} >= ${sql.lit(rule.minimum)}`);
  if (rule.maximum !== undefined) parts.push(sql`${c} <= ${sql.lit(rule.maximum)}`);
  if (rule.minLength !== undefined)
    parts.push(sql`char_length(${c}) >= ${sql.lit(rule.minLength)}`);
  if (rule.maxLength !== undefined)
    parts.push(sql`char_length(${c}) <= ${sql.lit(rule.maxLength)}`);
  if (rule.pattern !== undefined) parts.push(sql`${c} ~ ${sql.lit(rule.pattern)}`);
  if (rule.minItems !== undefined) {
    parts.push(sql`jsonb_array_length(${c}) >= ${sql.lit(rule.minItems)}`);
  }
  if (rule.maxItems !== undefined) {
    parts.push(sql`jsonb_array_length(${c}) <= ${sql.lit(rule.maxItems)}`);
  }
  return sql.join(parts, sql` and `);
}

/** A column's definition in `create table` or `add column`. */
export function columnDefinition(spec: ColumnSpec, withNotNull: boolean): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`${ref(spec.column)} ${sql.raw(spec.sqlType)}`];
  if (spec.defaultValue !== undefined)
    parts.push(sql`default ${literalOf(spec, spec.defaultValue)}`);
  if (withNotNull && spec.notNull) parts.push(sql`not null`);
  return sql.join(parts, sql` `);
}

/** A column's text, as values are shown in messages and converted to another type. */
export function textOf(spec: Pick<ColumnSpec, 'column' | 'sqlType'>): RawBuilder<unknown> {
  return spec.sqlType === 'jsonb'
    ? sql`(${ref(spec.column)} #>> '{}')`
    : sql`(to_jsonb(${ref(spec.column)}) #>> '{}')`;
}

/** A value of any column type as text, the way textOf shows a column's. */
export const textOfValue = (value: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`(to_jsonb(${value}) #>> '{}')`;

/**
 * How a column's values become another type's: through their text, so a conversion is
 * lossless or fails (12.5 does not become an Integer, 'yes' does become a Boolean).
 */
export function conversionOf(from: ColumnSpec, to: ColumnSpec): RawBuilder<unknown> {
  if (to.sqlType === 'jsonb') {
    return from.sqlType === 'jsonb' ? ref(from.column) : sql`to_jsonb(${ref(from.column)})`;
  }
  // A date becomes its midnight in UTC, and a date and time its date in UTC, as the API reads
  // and writes them: never the database's own time zone's.
  if (from.sqlType === 'date' && to.sqlType === 'timestamptz') {
    return sql`(${ref(from.column)}::timestamp at time zone 'UTC')`;
  }
  if (from.sqlType === 'timestamptz' && to.sqlType === 'date') {
    return sql`(${ref(from.column)} at time zone 'UTC')::date`;
  }
  return sql`cast(${textOf(from)} as ${sql.raw(to.sqlType)})`;
}
