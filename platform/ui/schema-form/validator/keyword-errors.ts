import type { OutputUnit, Schema } from '@cfworker/json-schema';

/** ajv's keyword name (when cfworker's differs), `params` and English message of one failure. */
export interface Description {
  keyword?: string;
  params: Record<string, unknown>;
  message: string;
}

/** cfworker's notes that a subschema failed; the failures themselves come after them. */
export const wrappers = new Set([
  '$ref',
  '$recursiveRef',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'allOf',
  'dependentSchemas',
]);

const fewer = (limit: unknown, things: string): Description => ({
  params: { limit },
  message: `must NOT have fewer than ${String(limit)} ${things}`,
});
const more = (limit: unknown, things: string): Description => ({
  params: { limit },
  message: `must NOT have more than ${String(limit)} ${things}`,
});
const compare = (comparison: string, limit: unknown): Description => ({
  params: { comparison, limit },
  message: `must be ${comparison} ${String(limit)}`,
});

function contains(schema: Schema): Description {
  const min: unknown = schema.minContains ?? 1;
  const max: unknown = schema.maxContains;
  return max === undefined
    ? {
        keyword: 'contains',
        params: { minContains: min },
        message: `must contain at least ${String(min)} valid item(s)`,
      }
    : {
        keyword: 'contains',
        params: { minContains: min, maxContains: max },
        message: `must contain at least ${String(min)} and no more than ${String(max)} valid item(s)`,
      };
}

/** ajv's params and message of each keyword cfworker reports once per failure. */
export const describeKeyword: Record<string, (schema: Schema, unit: OutputUnit) => Description> = {
  type: (s) => ({ params: { type: s.type }, message: `must be ${String(s.type)}` }),
  const: (s) => ({ params: { allowedValue: s.const }, message: 'must be equal to constant' }),
  enum: (s) => ({
    params: { allowedValues: s.enum },
    message: 'must be equal to one of the allowed values',
  }),
  minLength: (s) => fewer(s.minLength, 'characters'),
  maxLength: (s) => more(s.maxLength, 'characters'),
  minItems: (s) => fewer(s.minItems, 'items'),
  maxItems: (s) => more(s.maxItems, 'items'),
  minProperties: (s) => fewer(s.minProperties, 'properties'),
  maxProperties: (s) => more(s.maxProperties, 'properties'),
  pattern: (s) => ({
    params: { pattern: s.pattern },
    message: `must match pattern "${s.pattern}"`,
  }),
  format: (s) => ({ params: { format: s.format }, message: `must match format "${s.format}"` }),
  minimum: (s) => compare('>=', s.minimum),
  maximum: (s) => compare('<=', s.maximum),
  exclusiveMinimum: (s) => compare('>', s.exclusiveMinimum),
  exclusiveMaximum: (s) => compare('<', s.exclusiveMaximum),
  multipleOf: (s) => ({
    params: { multipleOf: s.multipleOf },
    message: `must be multiple of ${String(s.multipleOf)}`,
  }),
  uniqueItems: (_, unit) => {
    const [, first = '0', second = '0'] = /(\d+) and (\d+)/.exec(unit.error) ?? [];
    return {
      params: { i: Number(first), j: Number(second) },
      message: `must NOT have duplicate items (items ## ${second} and ${first} are identical)`,
    };
  },
  contains,
  minContains: contains,
  maxContains: contains,
  not: () => ({ params: {}, message: 'must NOT be valid' }),
  anyOf: () => ({ params: {}, message: 'must match a schema in anyOf' }),
  oneOf: (_, unit) => ({
    params: unit.error.includes('(0 matches)') ? { passingSchemas: null } : {},
    message: 'must match exactly one schema in oneOf',
  }),
  if: (_, unit) => {
    const failingKeyword = unit.error.includes('"else"') ? 'else' : 'then';
    return { params: { failingKeyword }, message: `must match "${failingKeyword}" schema` };
  },
};

const hasProperty = (value: unknown, name: string) =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, name);

const names = (list: unknown): string[] => (Array.isArray(list) ? list.map(String) : []);

/** ajv's errors of `required`, one per missing property. */
export function missingRequired(schema: Schema, value: unknown): Description[] {
  return names(schema.required)
    .filter((name) => !hasProperty(value, name))
    .map((name) => ({
      params: { missingProperty: name },
      message: `must have required property '${name}'`,
    }));
}

/** ajv's errors of `dependencies` / `dependentRequired` property lists, one per missing one. */
export function missingDependencies(
  schema: Schema,
  keyword: string,
  value: unknown,
): Description[] {
  const rules: unknown =
    keyword === 'dependencies' ? schema.dependencies : schema.dependentRequired;
  const found: Description[] = [];
  for (const [property, list] of Object.entries(rules ?? {})) {
    if (!Array.isArray(list) || !hasProperty(value, property)) continue;
    const deps = names(list);
    const message = `must have ${deps.length === 1 ? 'property' : 'properties'} ${deps.join(', ')} when property ${property} is present`;
    for (const missing of deps.filter((name) => !hasProperty(value, name))) {
      found.push({
        params: {
          property,
          missingProperty: missing,
          depsCount: deps.length,
          deps: deps.join(', '),
        },
        message,
      });
    }
  }
  return found;
}
