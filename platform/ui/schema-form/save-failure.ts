import { fieldErrorsOf, HttpError } from '../http';
import type { ServerFieldError } from './schema-form-types';

/**
 * A save the server refused with field errors. Thrown from `SchemaForm`'s `onSubmit`, its
 * errors are shown on their fields and in the error area.
 *
 * @example
 * onSubmit={async (unit) => {
 *   const result = await saveUnit(unit);
 *   if (result.CodeExists) throw new SaveFailure([{ Field: 'Code', Message: 'PAGES.UNITS.CODE_EXISTS' }]);
 * }}
 */
export class SaveFailure extends Error {
  override readonly name = 'SaveFailure';

  constructor(
    readonly errors: readonly ServerFieldError[],
    message = 'The save was refused.',
  ) {
    super(message);
  }

  /**
   * The failure an error stands for: itself if a `SaveFailure`, or one built from an
   * `HttpError` whose body lists `Errors` (the server's 400); otherwise null.
   */
  static from(error: unknown): SaveFailure | null {
    if (error instanceof SaveFailure) return error;
    if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) {
      return null;
    }
    const errors = (error.body as { Errors?: unknown }).Errors;
    if (!Array.isArray(errors) || errors.length === 0) return null;
    return new SaveFailure(fieldErrorsOf(errors), error.message);
  }
}
