import { format } from '@cfworker/json-schema';
import { linearRegExp, lookaheadColumnPatterns } from '#platform/core';
import type { Description } from './keyword-errors';

/** A schema's own `pattern` and `format`, before the pattern moved into `format`. */
interface MovedPattern {
  pattern: string;
  format: string | undefined;
}

const moved = new WeakMap<object, MovedPattern>();

/** Keywords whose value is a subschema, a list of them, or subschemas by name. */
const oneSchema = [
  'items',
  'additionalItems',
  'additionalProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const schemaList = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const schemaMap = [
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependencies',
  'dependentSchemas',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The format that checks `pattern` (with RE2) and then the schema's own format, if any. */
function formatOf(pattern: string, own: string | undefined): string {
  const name = `pattern ${JSON.stringify([pattern, own ?? null])}`;
  if (!format[name]) {
    const regExp = linearRegExp(pattern);
    format[name] = (text) =>
      regExp.test(text) && (own === undefined || !format[own] || format[own](text));
  }
  return name;
}

/**
 * Makes cfworker check every `pattern` of a schema with RE2, in time linear in the value, as
 * the server does: cfworker runs `pattern` with JavaScript's RegExp (`^(a|a)*$` over 30
 * characters would freeze the tab), but reads its exported `format` table for `format`. So
 * each pattern moves into a format of its own, which tests the pattern and then the format
 * the schema had; {@link patternFailures} tells the two apart again. Changes `schema` (a
 * private copy) in place; throws for a pattern RE2 cannot run, as a schema fault.
 * `patternProperties` keys, which only our own schemas use, stay with cfworker.
 */
export function withLinearPatterns(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) withLinearPatterns(item);
    return;
  }
  if (!isObject(schema)) return;
  for (const key of oneSchema) if (isObject(schema[key])) withLinearPatterns(schema[key]);
  for (const key of schemaList) if (Array.isArray(schema[key])) withLinearPatterns(schema[key]);
  for (const key of schemaMap) {
    const map = schema[key];
    if (isObject(map)) for (const value of Object.values(map)) withLinearPatterns(value);
  }
  const { pattern } = schema;
  // The engine's own column rules (a lookahead RE2 lacks) stay with cfworker, as on the server.
  if (typeof pattern !== 'string' || lookaheadColumnPatterns.includes(pattern)) return;
  const own = typeof schema.format === 'string' ? schema.format : undefined;
  schema.format = formatOf(pattern, own);
  delete schema.pattern;
  moved.set(schema, { pattern, format: own });
}

/** Whether the `format` of this (prepared) schema holds a pattern moved there. */
export const hasMovedPattern = (schema: object): boolean => moved.has(schema);

/**
 * The failures, as ajv words them, behind the `format` failure of a schema whose pattern
 * moved there: its `pattern`, its own `format`, or both, in ajv's order.
 */
export function patternFailures(schema: object, value: unknown): Description[] {
  const rules = moved.get(schema);
  if (!rules || typeof value !== 'string') return [];
  const failures: Description[] = [];
  if (!linearRegExp(rules.pattern).test(value)) {
    failures.push({
      keyword: 'pattern',
      params: { pattern: rules.pattern },
      message: `must match pattern "${rules.pattern}"`,
    });
  }
  const own = rules.format;
  if (own !== undefined && format[own] && !format[own](value)) {
    failures.push({
      keyword: 'format',
      params: { format: own },
      message: `must match format "${own}"`,
    });
  }
  return failures;
}
