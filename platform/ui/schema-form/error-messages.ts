import type { ErrorTransformer, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { parseFieldPath, uiNodeAt } from './field-path';
import type { SchemaFormContext } from './schema-form-types';
import { fieldLabel } from './translate-ui-schema';

/** i18next's `t` as far as the messages need it. */
export type MessageTranslate = (key: string, options?: Record<string, unknown>) => string;

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

function humanMessage(
  error: RJSFValidationError,
  fieldUi: Record<string, unknown> | undefined,
  t: MessageTranslate,
): string {
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.name) {
    case 'required':
      return t('FORM.ERROR.REQUIRED');
    case 'minLength':
      return params.limit === 1
        ? t('FORM.ERROR.REQUIRED')
        : t('FORM.ERROR.MIN_LENGTH', { limit: params.limit });
    case 'pattern': {
      const custom = getUiOptions(fieldUi).patternMessage;
      return typeof custom === 'string' ? t(custom) : t('FORM.ERROR.PATTERN');
    }
    case 'format':
      return t(formatKeys[String(params.format)] ?? 'FORM.ERROR.PATTERN');
    case 'type':
      return params.type === 'integer'
        ? t('FORM.ERROR.INTEGER')
        : params.type === 'number'
          ? t('FORM.ERROR.NUMBER')
          : t('FORM.ERROR.INVALID');
    case 'enum':
      return t('FORM.ERROR.ENUM');
    case 'uniqueItems':
      return t('FORM.ERROR.UNIQUE_ITEMS');
    case 'multipleOf':
      return t('FORM.ERROR.MULTIPLE_OF', { multipleOf: params.multipleOf });
    default: {
      const key = error.name ? limitKeys[error.name] : undefined;
      if (key) return t(key, { limit: params.limit });
      return error.message ? t(error.message) : t('FORM.ERROR.INVALID');
    }
  }
}

/**
 * RJSF `transformErrors` turning ajv's messages into readable, translated ones: the field
 * shows `is required` or `must be at most 50 characters` (a pattern shows the field's
 * `ui:options.patternMessage` when given), the error list `Code: is required`.
 */
export function createErrorTransformer<T>(
  t: MessageTranslate,
): ErrorTransformer<T, RJSFSchema, SchemaFormContext> {
  return (errors, uiSchema) =>
    errors.map((error) => {
      const path = parseFieldPath(error.property ?? '');
      const message = humanMessage(error, uiNodeAt(uiSchema, path), t);
      const field = fieldLabel(uiSchema, path);
      const stack = field ? t('FORM.ERROR_LINE', { field, message }) : message;
      return { ...error, message, stack };
    });
}
