import type { ErrorSchema } from '@rjsf/utils';
import { ErrorSchemaBuilder, getByPath } from '@rjsf/utils';

/** A field's place in the form data: property names and array indexes, from the root. */
export type FieldPath = readonly string[];

/** One message on one field (`path` empty = the whole form). */
export interface FieldMessage {
  path: FieldPath;
  message: string;
}

/**
 * Reads the field names servers and ajv use: `Contacts/0/Email`, `/Contacts/0/Email`,
 * `Contacts.0.Email`, `.Contacts[0].Email`.
 */
export function parseFieldPath(field: string): string[] {
  return field
    .replace(/\[['"]?([^\]'"]*)['"]?\]/g, '.$1')
    .split(/[./]/)
    .filter((part) => part !== '');
}

/** The path as `checkUnique` and error keys name it: `Contacts.0.Email`. */
export const pathKey = (path: FieldPath): string => path.join('.');

/** The id RJSF gives the field's input (`root_Contacts_0_Email`). */
export const fieldId = (idPrefix: string, path: FieldPath): string => [idPrefix, ...path].join('_');

export function valueAt(data: unknown, path: FieldPath): unknown {
  return path.length === 0 ? data : getByPath(data, [...path]);
}

/** The uiSchema node of a field; array indexes go through `items`. */
export function uiNodeAt(uiSchema: unknown, path: FieldPath): Record<string, unknown> | undefined {
  let node: unknown = uiSchema;
  for (const part of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    const record = node as Record<string, unknown>;
    node = /^\d+$/.test(part) ? record.items : record[part];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
}

/** Builds RJSF's `ErrorSchema` (`{ Code: { __errors: [...] } }`) from field messages. */
export function toErrorSchema<T>(messages: readonly FieldMessage[]): ErrorSchema<T> | undefined {
  if (messages.length === 0) return undefined;
  const builder = new ErrorSchemaBuilder<T>();
  for (const { path, message } of messages) {
    builder.addErrors(message, path.length === 0 ? undefined : [...path]);
  }
  return builder.ErrorSchema;
}

/** Every message of an `ErrorSchema`, with its path, in the order of the schema's keys. */
export function flattenErrorSchema(errorSchema: unknown, path: FieldPath = []): FieldMessage[] {
  if (typeof errorSchema !== 'object' || errorSchema === null) return [];
  const messages: FieldMessage[] = [];
  for (const [key, value] of Object.entries(errorSchema)) {
    if (key === '__errors') {
      if (Array.isArray(value)) {
        for (const message of value) messages.push({ path, message: String(message) });
      }
    } else {
      messages.push(...flattenErrorSchema(value, [...path, key]));
    }
  }
  return messages;
}
