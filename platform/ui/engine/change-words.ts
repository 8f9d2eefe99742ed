import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { builtInEntities, type FieldChange, type JsonSchema } from '#metadata';

/** Spec: list column text is cut to 32 characters and an ellipsis. */
export const maxListText = 32;

/** A text cut to `maxListText` characters and `…`, and whether it was cut. */
export function clipListText(text: string): { text: string; clipped: boolean } {
  if (text.length <= maxListText) return { text, clipped: false };
  return { text: `${text.slice(0, maxListText)}…`, clipped: true };
}

const builtInSchemas = new Map(builtInEntities.map((entity) => [entity.entityType, entity.schema]));

/** The title (a translation key or a designer's own words) a schema gives a field, if any. */
export function fieldTitleOf(schema: JsonSchema | undefined, field: string): string | null {
  const properties = schema?.properties as Record<string, unknown> | undefined;
  const property = properties?.[field];
  if (typeof property !== 'object' || property === null) return null;
  const title = (property as { title?: unknown }).title;
  return typeof title === 'string' && title !== '' ? title : null;
}

/**
 * A change as the log words it (`Field: old → new`) with the field's name replaced by its
 * title; a change of a field without a title keeps the log's words.
 */
export function changeInWords(change: FieldChange, title: string | null): string {
  const prefix = `${change.Field}:`;
  if (!title || change.Field === '' || !change.ChangeText.startsWith(prefix)) {
    return change.ChangeText;
  }
  return `${title}:${change.ChangeText.slice(prefix.length)}`;
}

/**
 * Words a change of an entity type in the user's language, each field named by its title:
 * the schema given (a user table's), else the built-in entity's of that type.
 *
 * @example
 * const words = useChangeWords('Unit');
 * words({ Field: 'Active', ChangeText: 'Active: true → false', ... }); // 'Active: true → false'
 */
export function useChangeWords(
  entityType: unknown,
  schema?: JsonSchema,
): (change: FieldChange) => string {
  const { t } = useTranslation();
  const source =
    schema ?? (typeof entityType === 'string' ? builtInSchemas.get(entityType) : undefined);
  return useCallback(
    (change: FieldChange) => {
      const key = fieldTitleOf(source, change.Field);
      return changeInWords(change, key === null ? null : t(key));
    },
    [source, t],
  );
}
