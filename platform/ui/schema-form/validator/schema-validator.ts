import type {
  CustomValidator,
  ErrorSchema,
  ErrorTransformer,
  FormContextType,
  RJSFSchema,
  RJSFValidationError,
  StrictRJSFSchema,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
} from '@rjsf/utils';
import { alignFormatsWithServer } from './formats';
import { toRjsfErrors } from './rjsf-errors';
import { SchemaCache } from './schema-cache';
import { type SchemaError, toSchemaErrors } from './schema-errors';

/**
 * The data as JSON, as the schema sees it: a property set to `undefined` is absent (ajv treats
 * it so; RJSF leaves cleared fields so). No data at all is validated as `null`, since cfworker
 * takes JSON values only.
 */
function asJson(data: unknown): unknown {
  const text = JSON.stringify(data);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}

/** A schema fault (unresolved `$ref`, invalid `pattern`) as one line; cfworker appends a list. */
const schemaFault = (error: unknown): Error =>
  new Error(String(error instanceof Error ? error.message : error).split('\n')[0], {
    cause: error,
  });

/**
 * RJSF's `ValidatorType` on `@cfworker/json-schema`, which interprets schemas: no code is
 * generated, so it runs under a Content-Security-Policy without `'unsafe-eval'`, with schemas
 * that arrive at run time. Errors come out as `@rjsf/validator-ajv8`'s do (keyword `name`,
 * ajv's `params` and messages, `property` like `.Contacts.0.Email`, a missing property on the
 * field itself), so `transformErrors` and the error templates work as with ajv. Formats are
 * checked as the server's ajv-formats (full mode) checks them, patterns by RE2 as the server
 * checks them (linear time: no pattern can freeze the tab). Compiled schemas are cached by
 * content.
 *
 * @example
 * const validator = new SchemaValidator<Unit>();
 * <Form schema={schema} validator={validator} ... />
 * validator.isValid({ $ref: '#/definitions/Van' }, data, rootSchema); // oneOf option matching
 */
export class SchemaValidator<
  T = unknown,
  S extends StrictRJSFSchema = RJSFSchema,
  F extends FormContextType = FormContextType,
> implements ValidatorType<T, S, F> {
  private readonly schemas = new SchemaCache();

  constructor() {
    alignFormatsWithServer();
  }

  /** Forgets the compiled schemas. */
  reset(): void {
    this.schemas.clear();
  }

  /**
   * Validates without RJSF's processing: ajv-shaped errors (`SchemaError`), none when valid;
   * a schema that cannot be used gives `validationError` instead.
   */
  rawValidation<Result = SchemaError>(
    schema: S,
    formData?: T,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const compiled = this.schemas.document(schema);
      const data = asJson(formData);
      const result = compiled.validate(data, true);
      if (result.valid) return {};
      return { errors: toSchemaErrors(result.errors, compiled, data) as unknown[] as Result[] };
    } catch (error) {
      return { validationError: schemaFault(error) };
    }
  }

  /**
   * Validates form data for RJSF: the errors (passed through `transformErrors`) as a list and
   * as an `ErrorSchema`, plus those `customValidate` adds.
   */
  validateFormData(
    formData: T | undefined,
    schema: S,
    customValidate?: CustomValidator<T, S, F>,
    transformErrors?: ErrorTransformer<T, S, F>,
    uiSchema?: UiSchema<T, S, F>,
  ): ValidationData<T> {
    const { errors: raw = [], validationError } = this.rawValidation(schema, formData);
    let errors: RJSFValidationError[] = toRjsfErrors(raw, uiSchema, schema);
    if (validationError) errors = [...errors, { stack: validationError.message }];
    if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);

    let errorSchema: ErrorSchema<T> = toErrorSchema<T>(errors);
    if (validationError) {
      errorSchema = { ...errorSchema, $schema: { __errors: [validationError.message] } };
    }
    if (typeof customValidate !== 'function') return { errors, errorSchema };

    // As RJSF's validators do: the custom check sees every field, undefined ones included.
    const withDefaults = getDefaultFormState<T, S, F>(this, schema, formData, schema, true) as T;
    const handler = customValidate(
      withDefaults,
      createErrorHandler<T>(withDefaults),
      uiSchema,
      errorSchema,
    );
    return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
  }

  /**
   * Whether `formData` satisfies `schema`, a part of `rootSchema` whose `$ref`s point into the
   * root (RJSF asks this to pick the `oneOf`/`anyOf` option that fits the data). A schema that
   * cannot be used counts as not satisfied.
   */
  isValid(schema: S, formData: T | undefined, rootSchema: S): boolean {
    try {
      const compiled = this.schemas.part(schema, rootSchema);
      if (formData === undefined) return compiled.acceptsNoValue();
      return compiled.validate(asJson(formData), false).valid;
    } catch (error) {
      console.warn('Error encountered compiling schema:', error);
      return false;
    }
  }
}
