import type { JsonSchema } from '../engine/definitions';

/**
 * One setting of the installation (table `settings`): its key, the JSON Schema its value must
 * match (checked by the server on every save and drawn by the settings screen), its default,
 * and translation keys of its title, description and unit. A `secret` is write-only: nobody
 * reads it back, the screen shows only whether it is set. `resettable` settings offer "reset to
 * default" one by one.
 */
export interface SettingDefinition {
  key: string;
  schema: JsonSchema;
  default: unknown;
  title: string;
  description?: string;
  /** Translation key of the unit a number is in (`SETTINGS.UNIT.MINUTES`). */
  unit?: string;
  secret?: true;
  resettable?: true;
  /** Translation keys of the columns of a table-shaped value (array or object rows). */
  columns?: Readonly<Record<string, string>>;
  /** Translation keys of the rows of an object-shaped table, by path (`mix.dense`). */
  rows?: Readonly<Record<string, string>>;
}

/** A section of the settings screen: a tab, its settings in order. */
export interface SettingSection {
  id: string;
  title: string;
  description?: string;
  settings: readonly SettingDefinition[];
}

/** `{ type: 'integer', minimum, maximum }`. */
export const integerBetween = (minimum: number, maximum: number): JsonSchema => ({
  type: 'integer',
  minimum,
  maximum,
});

/** `{ type: 'number', minimum, maximum }`. */
export const numberBetween = (minimum: number, maximum: number): JsonSchema => ({
  type: 'number',
  minimum,
  maximum,
});

/** A number above zero (up to `maximum`). */
export const positiveNumber = (maximum = 1e9): JsonSchema => ({
  type: 'number',
  exclusiveMinimum: 0,
  maximum,
});

export const booleanSchema: JsonSchema = { type: 'boolean' };

/** Text of at most `maxLength` characters (empty allowed). */
export const textSchema = (maxLength = 500): JsonSchema => ({ type: 'string', maxLength });

/** An address `http(s)://…`, or empty. */
export const optionalUrlSchema: JsonSchema = {
  type: 'string',
  maxLength: 500,
  pattern: '^$|^https?://[^\\s]+$',
};

/** One or more e-mail addresses separated by commas, or empty. */
export const addressListSchema: JsonSchema = {
  type: 'string',
  maxLength: 1000,
  pattern: '^$|^\\s*[^\\s@,]+@[^\\s@,]+\\s*(,\\s*[^\\s@,]+@[^\\s@,]+\\s*)*$',
};

/** A choice among values, each with the translation key of its title. */
export const choiceSchema = (
  choices: readonly (readonly [string | number, string])[],
): JsonSchema => ({
  type: typeof choices[0]?.[0] === 'number' ? 'integer' : 'string',
  oneOf: choices.map(([value, title]) => ({ const: value, title })),
});
