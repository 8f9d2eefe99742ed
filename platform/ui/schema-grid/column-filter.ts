import type { ColumnType } from '#metadata';

export const textOperators = ['contains', 'eq', 'startswith', 'endswith'] as const;
export type TextOperator = (typeof textOperators)[number];

/**
 * What the user asked of one column in its filter popup. Which kind a column gets follows
 * its type: `text` for string, `range` for integer and number, `dates` for date and
 * datetime (days as `YYYY-MM-DD`, both ends inclusive), `boolean`, and `list` for a list
 * of named items.
 */
export type ColumnFilter =
  | { kind: 'text'; operator: TextOperator; text: string; values: string[] }
  | { kind: 'range'; from: number | null; to: number | null }
  | { kind: 'dates'; from: string | null; to: string | null }
  | { kind: 'boolean'; value: boolean | null }
  | { kind: 'list'; text: string };

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
  }
}
