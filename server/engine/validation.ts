import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '#metadata';
import type { FieldError } from '../errors/app-error';
import { toFieldErrors } from '../errors/field-errors';

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, coerceTypes: false });
addFormats(ajv);

const compiled = new Map<string, ValidateFunction>();

/**
 * The schema a save is checked against: the entity's own (the one RJSF draws), without its
 * read-only properties, which a payload never writes.
 */
function writeSchema(schema: JsonSchema, writable: readonly string[]): JsonSchema {
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  const required = ((schema.required ?? []) as string[]).filter((field) =>
    writable.includes(field),
  );
  return {
    ...schema,
    properties: Object.fromEntries(writable.map((field) => [field, props[field]])),
    required,
    additionalProperties: false,
  };
}

/**
 * Validates (and fills defaults into) the writable values of a save. `key` names the
 * schema's revision (entity id and version) so each is compiled once.
 */
export function validateValues(
  key: string,
  schema: JsonSchema,
  writable: readonly string[],
  values: Record<string, unknown>,
): FieldError[] {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(writeSchema(schema, writable));
    compiled.set(key, validate);
  }
  return validate(values) ? [] : toFieldErrors(validate.errors ?? []);
}

const compiledBySchema = new WeakMap<object, ValidateFunction>();

/** The engine's validator of a schema (its own definitions', a field's), compiled once. */
export function compiledSchema(schema: object): ValidateFunction {
  let validate = compiledBySchema.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiledBySchema.set(schema, validate);
  }
  return validate;
}
