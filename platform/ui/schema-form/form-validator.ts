import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { SchemaFormContext } from './schema-form-types';

/**
 * One ajv for every form (it caches compiled schemas): ajv-formats in full mode, so `date`,
 * `date-time` and `email` are checked; not strict, so annotation and custom keywords
 * (`readOnly`, `x-...`) are ignored rather than fatal.
 */
const validator = customizeValidator<unknown, RJSFSchema, SchemaFormContext>({
  ajvOptionsOverrides: { strict: false },
  ajvFormatOptions: { mode: 'full' },
});

/** The shared validator, typed for a form's data (the data type plays no part in validation). */
export const formValidator = <T>() =>
  validator as unknown as ValidatorType<T, RJSFSchema, SchemaFormContext>;
