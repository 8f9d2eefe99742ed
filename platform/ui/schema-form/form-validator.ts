import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { SchemaFormContext } from './schema-form-types';
import { SchemaValidator } from './validator/schema-validator';

/**
 * One validator for every form (it caches compiled schemas). It interprets the schema rather
 * than generating code as ajv does, because the server's Content-Security-Policy forbids
 * `eval` and `new Function`, and the schemas come from the database at run time. `date`,
 * `date-time` and `email` are checked as the server checks them; annotation and custom
 * keywords (`readOnly`, `x-...`) are ignored.
 */
const validator = new SchemaValidator<unknown, RJSFSchema, SchemaFormContext>();

/** The shared validator, typed for a form's data (the data type plays no part in validation). */
export const formValidator = <T>() =>
  validator as unknown as ValidatorType<T, RJSFSchema, SchemaFormContext>;
