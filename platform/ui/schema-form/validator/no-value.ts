import type { Schema } from '@cfworker/json-schema';

type Lookup = Record<string, Schema | boolean>;

/**
 * Whether `schema` accepts no value at all (`undefined`) as ajv judges it: `type`, `const` and
 * `enum` fail, every keyword for strings, numbers, arrays or objects passes, and `$ref`, `not`,
 * `allOf`, `anyOf`, `oneOf` and `if` combine their subschemas. cfworker takes JSON values only,
 * and `null` would wrongly satisfy `type: ['string', 'null']`.
 */
export function acceptsNoValue(
  schema: Schema | boolean | undefined,
  lookup: Lookup,
  within: ReadonlySet<Schema> = new Set(),
): boolean {
  if (typeof schema === 'boolean' || schema === undefined) return schema !== false;
  // A schema reached again through its own $ref adds nothing.
  if (within.has(schema)) return true;
  if ('type' in schema || 'const' in schema || 'enum' in schema) return false;
  const path = new Set(within).add(schema);
  const accepts = (sub: unknown) =>
    acceptsNoValue(sub as Schema | boolean | undefined, lookup, path);
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

  const ref = schema.__absolute_ref__;
  if (ref !== undefined) {
    const target = lookup[ref];
    if (target === undefined) throw new Error(`Unresolved $ref "${String(schema.$ref)}".`);
    if (!accepts(target)) return false;
  }
  if (schema.not !== undefined && accepts(schema.not)) return false;
  if (!list(schema.allOf).every(accepts)) return false;
  if (schema.anyOf !== undefined && !list(schema.anyOf).some(accepts)) return false;
  if (schema.oneOf !== undefined && list(schema.oneOf).filter(accepts).length !== 1) return false;
  if (schema.if !== undefined) {
    const branch: unknown = accepts(schema.if) ? schema.then : schema.else;
    if (branch !== undefined && !accepts(branch)) return false;
  }
  return true;
}
