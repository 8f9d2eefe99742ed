/**
 * A plausible value for a JSON Schema, as a client that read the schema (and nothing else)
 * would send: every required property, enums' first value, formats honoured, numbers inside
 * their bounds. Integers default to 0, so a sample row is a new row, never an existing one.
 */
type Schema = Record<string, unknown>;

const formatSamples: Record<string, string> = {
  email: 'sample@example.com',
  date: '2026-11-24',
  'date-time': '2026-11-24T08:00:00.000Z',
  time: '08:00:00',
  uri: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function typeOf(schema: Schema): string | undefined {
  const { type } = schema;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function numberSample(schema: Schema, integer: boolean): number {
  const minimum =
    (schema.minimum as number | undefined) ??
    (schema.exclusiveMinimum as number | undefined) ??
    undefined;
  const maximum = (schema.maximum as number | undefined) ?? undefined;
  let value = 0;
  if (minimum !== undefined && value < minimum) value = minimum;
  if (maximum !== undefined && value > maximum) value = maximum;
  if (schema.exclusiveMinimum !== undefined && value <= (schema.exclusiveMinimum as number))
    value = (schema.exclusiveMinimum as number) + 1;
  return integer ? Math.ceil(value) : value;
}

function stringSample(schema: Schema): string {
  if (typeof schema.format === 'string' && formatSamples[schema.format])
    return formatSamples[schema.format]!;
  const minLength = (schema.minLength as number | undefined) ?? 1;
  const maxLength = (schema.maxLength as number | undefined) ?? 64;
  const base = 'sample'.padEnd(minLength, 'x');
  return base.slice(0, Math.max(maxLength, 0));
}

export function sampleOf(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 8) return null;
  const s = schema as Schema;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('default' in s) return s.default;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) return sampleOf(options[0], depth + 1);
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, depth + 1) as object));
  }
  switch (typeOf(s)) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required as string[] | undefined) ?? Object.keys(properties));
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => required.has(name))
          .map(([name, property]) => [name, sampleOf(property, depth + 1)]),
      );
    }
    case 'array': {
      const minItems = (s.minItems as number | undefined) ?? 0;
      const item = sampleOf(s.items, depth + 1);
      return Array.from({ length: Math.max(minItems, 1) }, () => item);
    }
    case 'string':
      return stringSample(s);
    case 'integer':
      return numberSample(s, true);
    case 'number':
      return numberSample(s, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}
