import type { UiSchema } from '@rjsf/utils';
import type { FormDefinition, JsonSchema } from '#metadata';
import { type FieldPath, uiNodeAt } from './field-path';

export type Translate = (text: string) => string;

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Node)
    : undefined;

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function translateTexts(schema: Node, ui: Node, t: Translate): Node {
  const result: Node = { ...ui };
  const title = textOf(ui['ui:title']) ?? textOf(schema.title);
  if (title) result['ui:title'] = t(title);
  const description = textOf(ui['ui:description']) ?? textOf(schema.description);
  if (description) result['ui:description'] = t(description);
  for (const key of ['ui:help', 'ui:placeholder'] as const) {
    const text = textOf(ui[key]);
    if (text) result[key] = t(text);
  }
  if (Array.isArray(ui['ui:enumNames'])) {
    result['ui:enumNames'] = ui['ui:enumNames'].map((name) => t(String(name)));
  }
  return result;
}

function translateNode(schemaValue: unknown, uiValue: unknown, t: Translate): Node {
  const schema = asNode(schemaValue) ?? {};
  const result = translateTexts(schema, asNode(uiValue) ?? {}, t);
  const properties = asNode(schema.properties);
  if (properties) {
    for (const [name, property] of Object.entries(properties)) {
      result[name] = translateNode(property, result[name], t);
    }
  }
  if (asNode(schema.items)) result.items = translateNode(schema.items, result.items, t);
  return result;
}

/**
 * A copy of the uiSchema whose every titled field has `ui:title` (and `ui:description`,
 * `ui:help`, `ui:placeholder`, `ui:enumNames`) translated, so that all RJSF templates and
 * widgets show translated labels. Texts without a translation stay as they are.
 *
 * @example translateUiSchema({ properties: { Code: { title: 'PAGES.UNITS.CODE' } } }, {}, t)
 * // -> { Code: { 'ui:title': 'Code' } }
 */
export function translateUiSchema(
  schema: JsonSchema,
  uiSchema: FormDefinition | null | undefined,
  t: Translate,
): UiSchema {
  return translateNode(schema, uiSchema, t);
}

/**
 * The label of a field for the error list: `Contact 2 › E-mail` (an array item is named by the
 * items' `ui:title` and its number, else by the array's title and number), from a translated
 * uiSchema.
 */
export function fieldLabel(uiSchema: unknown, path: FieldPath): string {
  const parts: string[] = [];
  path.forEach((part, index) => {
    const title = textOf(uiNodeAt(uiSchema, path.slice(0, index + 1))?.['ui:title']);
    if (/^\d+$/.test(part) && parts.length > 0) {
      const number = Number(part) + 1;
      if (title) parts[parts.length - 1] = `${title} ${number}`;
      else parts[parts.length - 1] += ` ${number}`;
      return;
    }
    parts.push(title ?? part);
  });
  return parts.join(' › ');
}

/**
 * A label as it reads inside a sentence: `Code` -> `code`, `E-mail` -> `e-mail`; a label
 * starting with an abbreviation (`VAT number`, `ID`) stays as it is.
 */
export function inSentence(label: string): string {
  const [first = '', second = ''] = label;
  return second !== '' && second === second.toLocaleUpperCase() && /\p{L}/u.test(second)
    ? label
    : first.toLocaleLowerCase() + label.slice(1);
}

/** The top-level properties in the order the form shows them (`ui:order`, else the schema's). */
export function propertyOrder(schema: JsonSchema, uiSchema: unknown): string[] {
  const names = Object.keys(asNode(schema.properties) ?? {});
  const order = asNode(uiSchema)?.['ui:order'];
  if (!Array.isArray(order)) return names;
  const known = (list: unknown[]) => list.map(String).filter((name) => names.includes(name));
  const wildcard = order.indexOf('*');
  const before = known(wildcard < 0 ? order : order.slice(0, wildcard));
  const after = wildcard < 0 ? [] : known(order.slice(wildcard + 1));
  const rest = names.filter((name) => !before.includes(name) && !after.includes(name));
  return [...before, ...rest, ...after];
}
