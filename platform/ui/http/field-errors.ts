/** One refusal of a field, as the server's 400 bodies list them (`Errors`, `ValidationErrors`). */
export interface FieldError {
  /** The field or path refused (`Name`, `Columns/2/Format`, `RowRules[0].Read`). */
  Field: string;
  Message: string;
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { Field, Message } = value as Record<string, unknown>;
  return typeof Field === 'string' && typeof Message === 'string';
}

/** The field errors in a list a server body holds (anything else in it, or no list: none). */
export function fieldErrorsOf(list: unknown): FieldError[] {
  return Array.isArray(list) ? list.filter(isFieldError) : [];
}
