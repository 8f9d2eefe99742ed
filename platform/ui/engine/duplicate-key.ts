import type { GridPage } from '#metadata';
import { HttpError } from '../http';
import { SaveFailure, type ServerFieldError } from '../schema-form';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A refused save whose key value another row holds (the spec's `DuplicatePK` flag of a 400). */
export function isDuplicateKey(error: unknown): error is HttpError {
  return (
    error instanceof HttpError &&
    error.status === 400 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    (error.body as Record<string, unknown>).DuplicatePK === true
  );
}

/** A field's name as the user sees it: its column's title, else its schema title, else itself. */
export function fieldTitle(page: GridPage, field: string, t: Translate): string {
  const column = page.Columns.find((candidate) => candidate.Field === field);
  const property = (
    page.SchemaDefinition.properties as Record<string, { title?: unknown }> | undefined
  )?.[field];
  const title = column?.Title ?? (typeof property?.title === 'string' ? property.title : field);
  return t(title);
}

/**
 * The form's errors of a save refused for a taken key: the spec's message ("There is already
 * an item with this Code.") on the key field (the page's key field, else the first the
 * server names), the server's other field errors as they are. Null for any other error.
 */
export function duplicateKeyFailure(
  error: unknown,
  page: GridPage,
  t: Translate,
): SaveFailure | null {
  if (!isDuplicateKey(error)) return null;
  const errors = SaveFailure.from(error)?.errors ?? [];
  const keyField =
    errors.find((candidate) => candidate.Field === page.PkField)?.Field ??
    errors[0]?.Field ??
    page.PkField;
  const message = t('UDT.DUPLICATE_PK', { field: fieldTitle(page, keyField, t) });
  const others: ServerFieldError[] = errors.filter((candidate) => candidate.Field !== keyField);
  return new SaveFailure([{ Field: keyField, Message: message }, ...others], error.message);
}
