import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { locationParts, toPointer, valueAt } from './json-pointer';
import {
  type Description,
  describeKeyword,
  missingDependencies,
  missingRequired,
  wrappers,
} from './keyword-errors';
import { hasMovedPattern, patternFailures } from './linear-patterns';
import type { CompiledSchema } from './schema-cache';

/**
 * A failed rule as ajv reports it (its `ErrorObject`, verbose): the keyword, ajv's `params`
 * and English message, so RJSF's error handling and our messages read it as before.
 */
export interface SchemaError {
  keyword: string;
  /** Where in the data: `/Contacts/0/Email`; for `required`, the object missing the property. */
  instancePath: string;
  /** The keyword in the schema: `#/properties/Contacts/items/properties/Email/format`. */
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
  /** The schema holding the keyword. */
  parentSchema?: Schema;
}

const fragmentOf = (parts: readonly string[]) =>
  `#${parts.map((part) => `/${encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}`;

/** The schema holding the keyword at `keywordLocation` (cfworker's path, through `$ref`s). */
function keywordOwner(document: CompiledSchema, keywordLocation: string) {
  let node: unknown = document.schema;
  let parts: string[] = [];
  for (const part of locationParts(keywordLocation).slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    const target = (node as Schema).__absolute_ref__;
    if (part === '$ref' && target !== undefined) {
      node = document.lookup[target];
      parts = locationParts(target.slice(target.indexOf('#') + 1 || target.length));
    } else {
      node = (node as Record<string, unknown>)[part];
      parts = [...parts, part];
    }
  }
  return typeof node === 'object' && node !== null && !Array.isArray(node)
    ? { schema: node as Schema, path: fragmentOf(parts) }
    : undefined;
}

const lastPart = (location: string | undefined) => locationParts(location ?? '').at(-1) ?? '';
const parentLocation = (location: string) => location.slice(0, location.lastIndexOf('/'));

/** Where the errors of a failed `anyOf`/`oneOf` option or `then`/`else` branch are. */
function branchesOf(unit: OutputUnit): string | undefined {
  if (unit.keyword === 'anyOf' || unit.keyword === 'oneOf') return `${unit.keywordLocation}/`;
  if (unit.keyword !== 'if') return undefined;
  return `${parentLocation(unit.keywordLocation)}/${unit.error.includes('"else"') ? 'else' : 'then'}/`;
}

/**
 * cfworker's output as ajv (`allErrors`, `verbose`) would report it: the failures only, not
 * the notes that a `properties`/`items`/`$ref` subschema failed, with ajv's keyword names,
 * `params`, messages and order (an `anyOf`/`oneOf`/`if` error after its branches' errors, an
 * object's `additionalProperties` before its properties'). A failure this cannot describe
 * keeps cfworker's message.
 */
export function toSchemaErrors(
  units: readonly OutputUnit[],
  document: CompiledSchema,
  data: unknown,
): SchemaError[] {
  const errors: SchemaError[] = [];
  /** Errors of `anyOf`/`oneOf`/`if`, until the errors of their branches are listed. */
  const waiting: { branches: string; error: SchemaError }[] = [];
  /** Where the errors of an object's properties start, by object and schema location. */
  const propertiesStart = new Map<string, number>();
  /** `required` and dependency rules already listed, by object, schema location and keyword. */
  const listed = new Set<string>();
  /** Keyword owners by location: every item of an array fails at the same ones. */
  const owners = new Map<string, ReturnType<typeof keywordOwner>>();
  const ownerAt = (location: string) => {
    if (!owners.has(location)) owners.set(location, keywordOwner(document, location));
    return owners.get(location);
  };

  const release = (location?: string) => {
    for (let last = waiting.at(-1); last; last = waiting.at(-1)) {
      if (location?.startsWith(last.branches)) return;
      errors.push(last.error);
      waiting.pop();
    }
  };

  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    if (!unit) continue;
    // cfworker gives a `false` schema's failure the data's location as its schema location.
    if (unit.keyword !== 'false') release(unit.keywordLocation);
    const next = units[index + 1];
    const place = `${unit.instanceLocation} ${parentLocation(unit.keywordLocation)}`;
    if (unit.keyword === 'properties' || unit.keyword === 'patternProperties') {
      if (!propertiesStart.has(place)) propertiesStart.set(place, errors.length);
    }
    const extraProperty =
      (unit.keyword === 'additionalProperties' || unit.keyword === 'unevaluatedProperties') &&
      next?.keyword === 'false';
    if (wrappers.has(unit.keyword) && !extraProperty) continue;
    const at = locationParts(unit.instanceLocation);
    const owner = unit.keyword === 'false' ? undefined : ownerAt(unit.keywordLocation);
    const error = ({ keyword = unit.keyword, params, message }: Description): SchemaError => ({
      keyword,
      instancePath: toPointer(at),
      schemaPath: `${owner?.path ?? '#'}/${keyword}`,
      params,
      message,
      parentSchema: owner?.schema,
    });
    const fallback = () => error({ params: {}, message: unit.error });

    if (unit.keyword === 'false') {
      errors.push(
        error({ keyword: 'false schema', params: {}, message: 'boolean schema is false' }),
      );
    } else if (extraProperty) {
      const which = unit.keyword === 'additionalProperties' ? 'additional' : 'unevaluated';
      const extra = error({
        params: { [`${which}Property`]: lastPart(next?.instanceLocation) },
        message: `must NOT have ${which} properties`,
      });
      errors.splice(propertiesStart.get(place) ?? errors.length, 0, extra);
      index++;
    } else if (unit.keyword === 'propertyNames') {
      errors.push(
        error({
          params: { propertyName: lastPart(next?.instanceLocation) },
          message: 'property name must be valid',
        }),
      );
      // Its subschema's errors concern the name, not a field.
      while (units[index + 1]?.keywordLocation.startsWith(`${unit.keywordLocation}/`)) index++;
    } else if (['required', 'dependencies', 'dependentRequired'].includes(unit.keyword)) {
      // cfworker reports each missing property in words only: list them all at the first.
      if (listed.has(`${place} ${unit.keyword}`)) continue;
      listed.add(`${place} ${unit.keyword}`);
      const value = valueAt(data, at);
      const missing = !owner
        ? []
        : unit.keyword === 'required'
          ? missingRequired(owner.schema, value)
          : missingDependencies(owner.schema, unit.keyword, value);
      errors.push(...(missing.length > 0 ? missing.map(error) : [fallback()]));
    } else if (unit.keyword === 'format' && owner && hasMovedPattern(owner.schema)) {
      const failures = patternFailures(owner.schema, valueAt(data, at));
      errors.push(...(failures.length > 0 ? failures.map(error) : [fallback()]));
    } else {
      const describer = describeKeyword[unit.keyword];
      const found = owner && describer ? error(describer(owner.schema, unit)) : fallback();
      const branches = branchesOf(unit);
      if (branches) waiting.push({ branches, error: found });
      else errors.push(found);
    }
  }
  release();

  const last = units.at(-1);
  if (errors.length === 0 && last) {
    errors.push({
      keyword: last.keyword,
      instancePath: toPointer(locationParts(last.instanceLocation)),
      schemaPath: '#',
      params: {},
      message: last.error,
    });
  }
  return errors;
}
