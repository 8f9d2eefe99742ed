import type { DraftField, FieldErrors, FormMessage } from './problem-report-draft';

const fields: readonly DraftField[] = ['Severity', 'Time', 'Email', 'Name', 'ErrorLog'];

interface ServerValidation {
  Message?: unknown;
  Errors?: unknown;
}

export interface ServerErrors {
  fields: FieldErrors;
  /** The server's Message and any error on a field the form does not show. */
  general: FormMessage[];
}

/** Reads a 400 body `{ Message, Errors: [{ Field, Message }] }` into field and general errors. */
export function readServerErrors(body: unknown): ServerErrors {
  const result: ServerErrors = { fields: {}, general: [] };
  if (typeof body !== 'object' || body === null) return result;
  const { Message, Errors } = body as ServerValidation;
  if (Array.isArray(Errors)) {
    for (const entry of Errors as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { Field, Message: text } = entry as { Field?: unknown; Message?: unknown };
      if (typeof text !== 'string') continue;
      const field = fields.find(
        (candidate) => typeof Field === 'string' && candidate.toLowerCase() === Field.toLowerCase(),
      );
      if (field) result.fields[field] ??= { text };
      else result.general.push({ text });
    }
  }
  if (typeof Message === 'string' && Message.trim() !== '')
    result.general.unshift({ text: Message });
  return result;
}
