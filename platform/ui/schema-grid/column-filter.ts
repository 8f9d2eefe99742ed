import type { ColumnType, GridColumn } from '#metadata';

export const textOperators = ['contains', 'eq', 'startswith', 'endswith'] as const;
export type TextOperator = (typeof textOperators)[number];

/**
 * What the user asked of one column in its filter popup. Which kind a column gets follows
 * its type: `text` for string, `range` for integer and number, `dates` for date and
 * datetime (days as `YYYY-MM-DD`, both ends inclusive), `boolean`, and `list` for a list
 * of named items; `group` for a column filtering other fields (`GridColumn.FilterFields`).
 */
export type ColumnFilter =
  | { kind: 'text'; operator: TextOperator; text: string; values: string[] }
  | { kind: 'range'; from: number | null; to: number | null }
  | { kind: 'dates'; from: string | null; to: string | null }
  | { kind: 'boolean'; value: boolean | null }
  | { kind: 'list'; text: string }
  | { kind: 'group'; parts: FieldFilter[] };

/** A column's filter with what the request builder needs to know of the column. */
export interface FieldFilter {
  field: string;
  type: ColumnType;
  filter: ColumnFilter;
}

/** The untouched filter of a column type; code partial match (contains) is the default. */
export function emptyFilter(type: ColumnType): ColumnFilter {
  switch (type) {
    case 'integer':
    case 'number':
      return { kind: 'range', from: null, to: null };
    case 'date':
    case 'datetime':
      return { kind: 'dates', from: null, to: null };
    case 'boolean':
      return { kind: 'boolean', value: null };
    case 'list':
      return { kind: 'list', text: '' };
    case 'string':
      return { kind: 'text', operator: 'contains', text: '', values: [] };
  }
}

/** The untouched filter of a column: of its filter fields when it has them, else of its type. */
export function emptyColumnFilter(column: GridColumn): ColumnFilter {
  if (column.FilterFields?.length) {
    return {
      kind: 'group',
      parts: column.FilterFields.map(({ Field, Type }) => ({
        field: Field,
        type: Type,
        filter: emptyFilter(Type),
      })),
    };
  }
  return emptyFilter(column.Type);
}

/** True when the filter asks nothing, so the column counts as not filtered. */
export function isEmptyFilter(filter: ColumnFilter | undefined): boolean {
  if (!filter) return true;
  switch (filter.kind) {
    case 'text':
      return filter.text.trim() === '' && filter.values.length === 0;
    case 'range':
    case 'dates':
      return filter.from === null && filter.to === null;
    case 'boolean':
      return filter.value === null;
    case 'list':
      return filter.text.trim() === '';
    case 'group':
      return filter.parts.every((part) => isEmptyFilter(part.filter));
  }
}

const isNumberOrNull = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isFinite(value));
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** True when `value` is a whole filter of the same kind (and group parts) as `empty`. */
function isFilterLike(empty: ColumnFilter, value: unknown): value is ColumnFilter {
  if (!isObject(value) || value.kind !== empty.kind) return false;
  switch (empty.kind) {
    case 'text':
      return (
        textOperators.includes(value.operator as TextOperator) &&
        typeof value.text === 'string' &&
        Array.isArray(value.values) &&
        value.values.every((item) => typeof item === 'string')
      );
    case 'range':
      return isNumberOrNull(value.from) && isNumberOrNull(value.to);
    case 'dates':
      return isTextOrNull(value.from) && isTextOrNull(value.to);
    case 'boolean':
      return value.value === null || typeof value.value === 'boolean';
    case 'list':
      return typeof value.text === 'string';
    case 'group': {
      const parts = value.parts;
      return (
        Array.isArray(parts) &&
        parts.length === empty.parts.length &&
        empty.parts.every((expected, index) => {
          const part: unknown = parts[index];
          return (
            isObject(part) &&
            part.field === expected.field &&
            part.type === expected.type &&
            isFilterLike(expected.filter, part.filter)
          );
        })
      );
    }
  }
}

/**
 * True when `value` is a whole filter of the kind this column takes: a filter kept in the
 * browser (by an older release, or edited by hand) is checked before it is trusted.
 */
export function isColumnFilterOf(column: GridColumn, value: unknown): value is ColumnFilter {
  return isFilterLike(emptyColumnFilter(column), value);
}
