import { type FilterNode, type ODataFieldType, type ODataModel, parseFilter } from '#platform/core';

/**
 * A default filter as rows a designer picks: field, operator (in words), value, all joined by
 * AND or by OR. Written as the OData `$filter` the server accepts (a grid page's
 * DefaultFilter) and read back from one with the OData parser; a filter that says more than
 * rows can (brackets, AND with OR, other functions) reads back as null and stays as text.
 */
export const filterOperators = [
  'eq',
  'ne',
  'contains',
  'startswith',
  'endswith',
  'gt',
  'lt',
  'ge',
  'le',
  'empty',
  'notempty',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

export interface FilterRow {
  field: string;
  operator: FilterOperator;
  /** As typed: text, a number, true/false, 2026-05-31 or 2026-05-31T10:30:00Z. */
  value: string;
}
export interface FilterRows {
  join: 'and' | 'or';
  rows: FilterRow[];
}

/** The fields a filter may name, with their OData type. */
export type FilterFields = Readonly<Record<string, ODataFieldType>>;

const textOps: FilterOperator[] = [
  'eq',
  'ne',
  'contains',
  'startswith',
  'endswith',
  'empty',
  'notempty',
];
const orderedOps: FilterOperator[] = ['eq', 'ne', 'gt', 'lt', 'ge', 'le', 'empty', 'notempty'];

/** The operators that make sense for a field's type. */
export function operatorsFor(type: ODataFieldType | undefined): FilterOperator[] {
  if (type === 'string' || type === undefined) return textOps;
  if (type === 'boolean') return ['eq', 'empty', 'notempty'];
  return orderedOps;
}

/** Whether an operator takes a value (empty and not empty take none). */
export const takesValue = (operator: FilterOperator) =>
  operator !== 'empty' && operator !== 'notempty';

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

function literal(type: ODataFieldType | undefined, value: string): string {
  const text = value.trim();
  if (type === 'integer' || type === 'number') return text === '' ? 'null' : String(Number(text));
  if (type === 'boolean') return text === 'false' ? 'false' : 'true';
  if (type === 'date' || type === 'datetime') return text === '' ? 'null' : text;
  return quoted(value);
}

function clause(row: FilterRow, fields: FilterFields): string {
  const type = fields[row.field];
  switch (row.operator) {
    case 'empty':
      return `${row.field} eq null`;
    case 'notempty':
      return `${row.field} ne null`;
    case 'contains':
    case 'startswith':
    case 'endswith':
      return `${row.operator}(${row.field},${quoted(row.value)})`;
    default:
      return `${row.field} ${row.operator} ${literal(type, row.value)}`;
  }
}

/** The `$filter` of the rows ('' for none). */
export function odataOfRows(filter: FilterRows, fields: FilterFields): string {
  return filter.rows.map((row) => clause(row, fields)).join(` ${filter.join} `);
}

function modelOf(fields: FilterFields): ODataModel {
  const entries = Object.entries(fields).map(([name, type]) => [
    name,
    { type, nullable: true, sortable: true, filterable: true },
  ]);
  return { fields: Object.fromEntries(entries), collections: {} };
}

function valueText(node: FilterNode): string | null {
  if (node.kind !== 'literal' || node.type === 'time') return null;
  return node.value === null ? null : String(node.value);
}

function rowOf(node: FilterNode): FilterRow | null {
  if (
    node.kind === 'call' &&
    (node.name === 'contains' || node.name === 'startswith' || node.name === 'endswith')
  ) {
    const [field, value] = node.args;
    if (field?.kind !== 'field' || value?.kind !== 'literal' || value.type !== 'string')
      return null;
    return { field: field.name, operator: node.name, value: value.value };
  }
  if (node.kind === 'field' && node.type === 'boolean') {
    return { field: node.name, operator: 'eq', value: 'true' };
  }
  if (node.kind !== 'compare' || node.left.kind !== 'field') return null;
  const { op, left, right } = node;
  if (right.kind === 'literal' && right.type === 'null') {
    if (op === 'eq') return { field: left.name, operator: 'empty', value: '' };
    if (op === 'ne') return { field: left.name, operator: 'notempty', value: '' };
    return null;
  }
  const value = valueText(right);
  return value === null ? null : { field: left.name, operator: op, value };
}

/** The rows a `$filter` is, or null when it is not a list of such rows (or not valid). */
export function rowsOfOData(text: string, fields: FilterFields): FilterRows | null {
  if (text.trim() === '') return { join: 'and', rows: [] };
  let tree: FilterNode;
  try {
    tree = parseFilter(text, modelOf(fields));
  } catch {
    return null;
  }
  const join = tree.kind === 'or' ? 'or' : 'and';
  const nodes = tree.kind === 'and' || tree.kind === 'or' ? tree.operands : [tree];
  const rows: FilterRow[] = [];
  for (const node of nodes) {
    const row = rowOf(node);
    if (!row) return null;
    rows.push(row);
  }
  return { join, rows };
}
