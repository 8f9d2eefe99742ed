import type { ErrorTransformer, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import type { JsonSchema } from '#metadata';
import { type FieldPath, parseFieldPath, uiNodeAt } from './field-path';
import type { SchemaFormContext } from './schema-form-types';
import { fieldLabel, inSentence } from './translate-ui-schema';

/** i18next's `t` as far as the messages need it. */
export type MessageTranslate = (key: string, options?: Record<string, unknown>) => string;

type Node = Record<string, unknown>;

const formatKeys: Record<string, string> = {
  email: 'FORM.ERROR.EMAIL',
  date: 'FORM.ERROR.DATE',
  'date-time': 'FORM.ERROR.DATE_TIME',
};

const limitKeys: Record<string, string> = {
  maxLength: 'FORM.ERROR.MAX_LENGTH',
  minimum: 'FORM.ERROR.MINIMUM',
  maximum: 'FORM.ERROR.MAXIMUM',
  exclusiveMinimum: 'FORM.ERROR.EXCLUSIVE_MINIMUM',
  exclusiveMaximum: 'FORM.ERROR.EXCLUSIVE_MAXIMUM',
  minItems: 'FORM.ERROR.MIN_ITEMS',
  maxItems: 'FORM.ERROR.MAX_ITEMS',
};

const choiceWidgets = new Set(['select', 'remoteSelect', 'radio', 'checkboxList', 'autocomplete']);

/** The schema node of a field; array indexes go through `items`. */
function schemaNodeAt(schema: unknown, path: FieldPath): Node | undefined {
  let node = schema as Node | undefined;
  for (const part of path) {
    if (!node) return undefined;
    const next = /^\d+$/.test(part) ? node.items : (node.properties as Node | undefined)?.[part];
    node = typeof next === 'object' && next !== null ? (next as Node) : undefined;
  }
  return node;
}

/** Whether a value is picked from a list (then an empty field says "Choose", not "Enter"). */
function isChoice(schema: Node | undefined, fieldUi: Node | undefined): boolean {
  const widget = fieldUi?.['ui:widget'];
  if (typeof widget === 'string' && choiceWidgets.has(widget)) return true;
  return Boolean(
    schema && (schema.enum || schema.oneOf || schema.anyOf || schema.type === 'array'),
  );
}

/** An error saying the field is empty: `required`, or a minimum length of one. */
const isEmptyError = (error: RJSFValidationError) =>
  error.name === 'required' ||
  (error.name === 'minLength' && (error.params as Node | undefined)?.limit === 1);

interface FieldWords {
  field: string;
  fieldLower: string;
  choice: boolean;
  fieldUi: Node | undefined;
}

function humanMessage(error: RJSFValidationError, words: FieldWords, t: MessageTranslate): string {
  const params = (error.params ?? {}) as Node;
  const named = { field: words.field, fieldLower: words.fieldLower };
  if (isEmptyError(error)) {
    return t(words.choice ? 'FORM.ERROR.CHOOSE' : 'FORM.ERROR.REQUIRED', named);
  }
  switch (error.name) {
    case 'minLength':
      return t('FORM.ERROR.MIN_LENGTH', { ...named, limit: params.limit });
    case 'pattern': {
      const custom = getUiOptions(words.fieldUi).patternMessage;
      return t(typeof custom === 'string' ? custom : 'FORM.ERROR.PATTERN', named);
    }
    case 'format':
      return t(formatKeys[String(params.format)] ?? 'FORM.ERROR.PATTERN', named);
    case 'type': {
      // A field that may be empty has a type such as ['integer', 'null']: its kind is the other.
      const kinds = (Array.isArray(params.type) ? params.type : String(params.type).split(','))
        .map(String)
        .filter((kind) => kind !== 'null');
      const kind = kinds.length === 1 ? kinds[0] : undefined;
      if (kind === 'integer') return t('FORM.ERROR.INTEGER', named);
      return t(kind === 'number' ? 'FORM.ERROR.NUMBER' : 'FORM.ERROR.INVALID', named);
    }
    case 'enum':
      return t('FORM.ERROR.ENUM', named);
    case 'uniqueItems':
      return t('FORM.ERROR.UNIQUE_ITEMS', named);
    case 'multipleOf':
      return t('FORM.ERROR.MULTIPLE_OF', { ...named, multipleOf: params.multipleOf });
    default: {
      const key = error.name ? limitKeys[error.name] : undefined;
      return t(key ?? 'FORM.ERROR.INVALID', { ...named, limit: params.limit });
    }
  }
}

/** One error per field: that it is empty if it is, else the first the validator found. */
function firstPerField(errors: RJSFValidationError[]): RJSFValidationError[] {
  const chosen = new Map<string, RJSFValidationError>();
  for (const error of errors) {
    const key = error.property ?? '';
    const current = chosen.get(key);
    if (!current || (isEmptyError(error) && !isEmptyError(current))) chosen.set(key, error);
  }
  return errors.filter((error) => chosen.get(error.property ?? '') === error);
}

/**
 * RJSF `transformErrors` turning ajv's errors into one readable, translated message per
 * field that names the field and says what to do: `Enter the code.`, `Choose the type.`,
 * `Use at most 50 characters in the name.`. A pattern's message is the field's
 * `ui:options.patternMessage` (a translation key, which may use `{{field}}` and
 * `{{fieldLower}}`) when given. `uiSchema` must be translated (`translateUiSchema`).
 *
 * @example createErrorTransformer(t, schema) // Code empty -> 'Enter the code.'
 */
export function createErrorTransformer<T>(
  t: MessageTranslate,
  schema: JsonSchema,
): ErrorTransformer<T, RJSFSchema, SchemaFormContext> {
  return (errors, uiSchema) =>
    firstPerField(errors).map((error) => {
      const path = parseFieldPath(error.property ?? '');
      const fieldUi = uiNodeAt(uiSchema, path);
      const title = fieldUi?.['ui:title'];
      const field = typeof title === 'string' && title !== '' ? title : (path.at(-1) ?? '');
      const words: FieldWords = {
        field,
        fieldLower: inSentence(field),
        choice: isChoice(schemaNodeAt(schema, path), fieldUi),
        fieldUi,
      };
      const message = humanMessage(error, words, t);
      const context = fieldLabel(uiSchema, path.slice(0, -1));
      const stack = context ? t('FORM.ERROR_LINE', { field: context, message }) : message;
      return { ...error, message, stack };
    });
}
