import type { EntityForm } from '#platform/ui';

type FieldUi = Readonly<Record<string, unknown>>;

const fieldUiOf = (value: unknown): FieldUi =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as FieldUi) : {};

/** The form with the uiSchema of some top-level fields extended; `undefined` leaves one as it is. */
export function patchFields(
  form: EntityForm,
  patches: Readonly<Record<string, FieldUi | undefined>>,
): EntityForm {
  const uiSchema: Record<string, unknown> = { ...form.uiSchema };
  for (const [field, patch] of Object.entries(patches)) {
    if (patch) uiSchema[field] = { ...fieldUiOf(uiSchema[field]), ...patch };
  }
  return { ...form, uiSchema };
}

/** A field the user cannot change, with the reason shown under it. */
export const readOnlyBecause = (reason: string): FieldUi => ({
  'ui:readonly': true,
  'ui:help': reason,
});

/** The schema with more required top-level fields. */
export function requireFields(form: EntityForm, fields: readonly string[]): EntityForm {
  const required = Array.isArray(form.schema.required) ? (form.schema.required as unknown[]) : [];
  return { ...form, schema: { ...form.schema, required: [...required, ...fields] } };
}
