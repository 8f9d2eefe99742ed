import type { RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from '#metadata';
import { createErrorTransformer, type MessageTranslate } from './error-messages';
import { formValidator } from './form-validator';

type Node = Record<string, unknown>;

/**
 * Why one field's value does not fit the form's schema, in the form's own words (`Enter the
 * inspector.`, `Use a whole number for the axles.`), or null when it fits; checked by the
 * validator the forms use. `title` names the field (translated); an empty value (null) of a
 * required field is a missing one.
 *
 * @example fieldError(schema, 'Axles', 2.5, 'Axles', t) // 'Enter a whole number for the axles.'
 */
export function fieldError(
  schema: JsonSchema,
  field: string,
  value: unknown,
  title: string,
  t: MessageTranslate,
): string | null {
  const properties = ((schema as Node).properties ?? {}) as Node;
  if (!Object.hasOwn(properties, field)) return null;
  const required = (schema as Node).required;
  const single = {
    type: 'object',
    properties: { [field]: properties[field] },
    ...(Array.isArray(required) && required.includes(field) ? { required: [field] } : {}),
  } as RJSFSchema;
  const data = value === null || value === undefined ? {} : { [field]: value };
  const uiSchema = { [field]: { 'ui:title': title } };
  const { errors } = formValidator<Node>().validateFormData(
    data,
    single,
    undefined,
    createErrorTransformer<Node>(t, single as JsonSchema),
    uiSchema,
  );
  return errors[0]?.message ?? null;
}
