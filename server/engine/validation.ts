import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '#metadata';
import { linearRegExp, lookaheadColumnPatterns, PatternRefusedError } from '#platform/core';
import { AppError, type FieldError } from '../errors/app-error';
import { toFieldErrors } from '../errors/field-errors';

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

const javaScriptPatterns = new Set(lookaheadColumnPatterns);

/**
 * `pattern` and `patternProperties` as RE2 runs them, in time linear in the value: a user's
 * pattern (`^(a|a)*$`) cannot stall the server, whatever the row holds. The engine's own
 * column rules with a lookahead keep JavaScript's engine (see lookaheadColumnPatterns).
 */
const regExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) =>
    javaScriptPatterns.has(pattern) ? new RegExp(pattern, flags) : linearRegExp(pattern),
  { code: 'linearRegExp' },
);

const ajv = new Ajv({
  allErrors: true,
  useDefaults: true,
  strict: false,
  coerceTypes: false,
  code: { regExp },
});
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
 * A definition saved before patterns were checked by RE2 may hold one RE2 cannot run (a
 * lookahead): its rows are refused, naming the pattern, until the designer changes it.
 */
function compileWritten(schema: JsonSchema): ValidateFunction {
  try {
    return ajv.compile(schema);
  } catch (error) {
    if (!(error instanceof PatternRefusedError)) throw error;
    throw new AppError('BadRequest', `${error.message} Change it in the data source designer.`);
  }
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
    validate = compileWritten(writeSchema(schema, writable));
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
