import type { JsonSchema } from '#metadata';

/** The editor of a cell: one of the simple kinds a field's JSON Schema can describe. */
export type CellEditorSpec =
  | { kind: 'text' | 'integer' | 'number' | 'date' | 'boolean'; nullable: boolean }
  | { kind: 'enum'; nullable: boolean; options: readonly (string | number)[] };

/** What an editor holds while the user types: text, a checkbox state, or an option's index. */
export type CellDraft = string | boolean;

type Node = Record<string, unknown>;

const simpleTypes = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * The editor of a field in its cell, from the field's JSON Schema: text, integer, number,
 * boolean, a day (`format: date`) or one of an `enum`; null for a field shown only (read-only,
 * a moment, a list, an object, a field the schema does not name).
 *
 * @example cellEditorOf({ properties: { Grade: { type: ['string', 'null'], enum: ['A', 'B', null] } } }, 'Grade')
 * // { kind: 'enum', nullable: true, options: ['A', 'B'] }
 */
export function cellEditorOf(schema: JsonSchema, field: string): CellEditorSpec | null {
  const properties = (schema as Node).properties as Node | undefined;
  const property = properties && Object.hasOwn(properties, field) ? properties[field] : undefined;
  if (typeof property !== 'object' || property === null) return null;
  const node = property as Node;
  if (node.readOnly === true) return null;
  const types = Array.isArray(node.type) ? (node.type as unknown[]) : [node.type];
  const nullable = types.includes('null');
  const type = types.find((candidate) => candidate !== 'null');
  if (typeof type !== 'string' || !simpleTypes.has(type)) return null;
  if (Array.isArray(node.enum)) {
    const options = node.enum.filter(
      (option): option is string | number =>
        typeof option === 'string' || typeof option === 'number',
    );
    return { kind: 'enum', nullable: nullable || node.enum.includes(null), options };
  }
  if (type === 'string') {
    if (node.format === 'date') return { kind: 'date', nullable };
    if (node.format === 'date-time') return null;
    return { kind: 'text', nullable };
  }
  return { kind: type as 'integer' | 'number' | 'boolean', nullable };
}

/** The editor's starting draft of a cell's value. */
export function draftOf(spec: CellEditorSpec, value: unknown): CellDraft {
  switch (spec.kind) {
    case 'boolean':
      return value === true;
    case 'enum': {
      const index = spec.options.findIndex((option) => option === value);
      return index < 0 ? '' : String(index);
    }
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/**
 * The value a draft stands for: an empty entry is null (empty text too, where the field may
 * be null), a number typed as a number, and text that is no number kept as text so that the
 * field's schema says what is wrong with it.
 */
export function valueOf(spec: CellEditorSpec, draft: CellDraft): unknown {
  if (typeof draft === 'boolean') return draft;
  switch (spec.kind) {
    case 'enum':
      return draft === '' ? null : (spec.options[Number(draft)] ?? null);
    case 'integer':
    case 'number': {
      const text = draft.trim();
      if (text === '') return null;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case 'text':
      return draft === '' && spec.nullable ? null : draft;
    default:
      return draft === '' ? null : draft;
  }
}

/** Whether a value is the one the cell had (an untouched or emptied-to-empty edit saves nothing). */
export function sameValue(before: unknown, after: unknown): boolean {
  const empty = (value: unknown) => value === null || value === undefined;
  return (empty(before) && empty(after)) || before === after;
}
