import { Ajv, type ValidateFunction } from 'ajv';
import type { SettingDefinition } from '#metadata';
import type { FieldError } from '../../errors/app-error';
import { toFieldErrors } from '../../errors/field-errors';
import { findSetting, moduleRuleError } from './setting-registry';

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
const compiled = new Map<string, ValidateFunction>();

function validatorOf(setting: SettingDefinition): ValidateFunction {
  let validate = compiled.get(setting.key);
  if (!validate) {
    validate = ajv.compile(setting.schema);
    compiled.set(setting.key, validate);
  }
  return validate;
}

/**
 * What is wrong with `value` for the setting `key`, as a field error naming the setting (and
 * the place inside a table: `Compaction.Materials.mix.dense.k`), or null when it is fine. A
 * secret's `null` (clear it) is fine.
 */
export function settingValueError(key: string, value: unknown): FieldError | null {
  const setting = findSetting(key);
  if (!setting) return { Field: key, Message: 'is not a known setting' };
  if (setting.secret && value === null) return null;
  const validate = validatorOf(setting);
  if (!validate(value)) {
    const [first] = toFieldErrors(validate.errors ?? []);
    const inside = first && first.Field !== 'request' ? `.${first.Field}` : '';
    return { Field: `${key}${inside}`, Message: first?.Message ?? 'is not valid' };
  }
  const ruleError = moduleRuleError(key, value);
  return ruleError === null ? null : { Field: key, Message: ruleError };
}

/** The errors of every value of a map key -> value. */
export function settingValuesErrors(values: Readonly<Record<string, unknown>>): FieldError[] {
  return Object.entries(values).flatMap(([key, value]) => {
    const error = settingValueError(key, value);
    return error ? [error] : [];
  });
}
