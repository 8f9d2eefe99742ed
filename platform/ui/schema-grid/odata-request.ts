import dayjs from 'dayjs';
import type { SortKey } from '#metadata';
import type { ColumnFilter, FieldFilter } from './column-filter';
import { isEmptyFilter } from './column-filter';

/** The query options of one page of an OData list, ready for `new URLSearchParams(request)`. */
export interface ODataRequest {
  $top: string;
  $skip: string;
  $orderby?: string;
  $filter?: string;
  $count: 'true';
}

/** What the grid shows: one page, in an order, through filters. */
export interface GridQuery {
  pageIndex: number;
  pageSize: number;
  /** The order asked for; empty leaves the order to the server. */
  sort: readonly SortKey[];
  filters: readonly FieldFilter[];
  /** The page's default filter (an OData `$filter`) while the user keeps it, ANDed to `filters`. */
  defaultFilter?: string | null;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * OData literals. Strings have their single quotes doubled, days are `YYYY-MM-DD`, moments
 * are ISO 8601 in UTC (`Z`), numbers must be finite.
 *
 * @example odataLiteral.string("O'Brien") // "'O''Brien'"
 */
export const odataLiteral = {
  string: (value: string): string => `'${value.replaceAll("'", "''")}'`,
  number: (value: number): string => {
    if (!Number.isFinite(value)) throw new RangeError(`${value} is not an OData number.`);
    return String(value);
  },
  boolean: (value: boolean): string => (value ? 'true' : 'false'),
  /** A calendar day: a `YYYY-MM-DD` string, or the local day of a `Date`. */
  date: (value: string | Date): string => {
    const text = typeof value === 'string' ? value : dayjs(value).format('YYYY-MM-DD');
    if (!isoDay.test(text) || dayjs(text).format('YYYY-MM-DD') !== text) {
      throw new RangeError(`${text} is not a day (YYYY-MM-DD).`);
    }
    return text;
  },
  dateTime: (value: Date): string => {
    if (Number.isNaN(value.getTime())) throw new RangeError('Invalid date.');
    return value.toISOString().replace(/\.000Z$/, 'Z');
  },
};

/** The local midnight starting a `YYYY-MM-DD` day, shifted by some days. */
const startOfDay = (day: string, addDays = 0): Date =>
  dayjs(odataLiteral.date(day)).add(addDays, 'day').toDate();

function textConditions(field: string, filter: ColumnFilter & { kind: 'text' }): string[] {
  const conditions: string[] = [];
  const text = filter.text.trim();
  if (text !== '') {
    const value = odataLiteral.string(text.toLowerCase());
    const target = `tolower(${field})`;
    conditions.push(
      filter.operator === 'eq'
        ? `${target} eq ${value}`
        : `${filter.operator}(${target}, ${value})`,
    );
  }
  const values = filter.values.map((value) => `${field} eq ${odataLiteral.string(value)}`);
  if (values.length === 1) conditions.push(values[0]!);
  if (values.length > 1) conditions.push(`(${values.join(' or ')})`);
  return conditions;
}

function fieldConditions({ field, type, filter }: FieldFilter): string[] {
  switch (filter.kind) {
    case 'text':
      return textConditions(field, filter);
    case 'range':
      return [
        filter.from === null ? '' : `${field} ge ${odataLiteral.number(filter.from)}`,
        filter.to === null ? '' : `${field} le ${odataLiteral.number(filter.to)}`,
      ];
    case 'dates':
      if (type === 'datetime') {
        // A day of a moment column runs from its local midnight to the next one.
        return [
          filter.from === null
            ? ''
            : `${field} ge ${odataLiteral.dateTime(startOfDay(filter.from))}`,
          filter.to === null
            ? ''
            : `${field} lt ${odataLiteral.dateTime(startOfDay(filter.to, 1))}`,
        ];
      }
      return [
        filter.from === null ? '' : `${field} ge ${odataLiteral.date(filter.from)}`,
        filter.to === null ? '' : `${field} le ${odataLiteral.date(filter.to)}`,
      ];
    case 'boolean':
      return filter.value === null ? [] : [`${field} eq ${odataLiteral.boolean(filter.value)}`];
    case 'list': {
      const text = filter.text.trim();
      if (text === '') return [];
      const item = field.charAt(0).toLowerCase();
      const value = odataLiteral.string(text.toLowerCase());
      return [`${field}/any(${item}: contains(tolower(${item}/Name), ${value}))`];
    }
    case 'group':
      return filter.parts.filter((part) => !isEmptyFilter(part.filter)).flatMap(fieldConditions);
  }
}

/**
 * The `$filter` of column filters, each condition joined with `and`; undefined when none
 * asks anything.
 *
 * @example
 * odataFilter([{ field: 'Name', type: 'string',
 *   filter: { kind: 'text', operator: 'contains', text: "O'B", values: [] } }])
 * // "contains(tolower(Name), 'o''b')"
 */
export function odataFilter(filters: readonly FieldFilter[]): string | undefined {
  const conditions = filters
    .filter(({ filter }) => !isEmptyFilter(filter))
    .flatMap(fieldConditions)
    .filter((condition) => condition !== '');
  return conditions.length === 0 ? undefined : conditions.join(' and ');
}

/** `$orderby` of sort keys, e.g. `Name asc,DateTime desc`; undefined when there are none. */
export function odataOrderBy(sort: readonly SortKey[]): string | undefined {
  if (sort.length === 0) return undefined;
  return sort.map(({ Field, Desc }) => `${Field} ${Desc ? 'desc' : 'asc'}`).join(',');
}

/** Both filters joined with `and`; the default filter is bracketed, as it may hold an `or`. */
export function combinedFilter(
  defaultFilter: string | null | undefined,
  columns: string | undefined,
) {
  const fixed = defaultFilter?.trim() || undefined;
  if (fixed && columns) return `(${fixed}) and ${columns}`;
  return fixed ?? columns;
}

/**
 * The request of one grid page: `$top`/`$skip` from the page, `$orderby` from the sort keys
 * and `$filter` from the default filter (while the user keeps it) and the column filters.
 *
 * @example
 * buildODataRequest({ pageIndex: 2, pageSize: 20, sort: [{ Field: 'Name', Desc: false }],
 *   filters: [nameContainsX], defaultFilter: 'Active eq true' })
 * // { $top: '20', $skip: '40', $orderby: 'Name asc',
 * //   $filter: "(Active eq true) and contains(tolower(Name), 'x')", $count: 'true' }
 */
export function buildODataRequest(query: GridQuery): ODataRequest {
  const request: ODataRequest = {
    $top: String(query.pageSize),
    $skip: String(query.pageIndex * query.pageSize),
    $count: 'true',
  };
  const orderBy = odataOrderBy(query.sort);
  if (orderBy) request.$orderby = orderBy;
  const filter = combinedFilter(query.defaultFilter, odataFilter(query.filters));
  if (filter) request.$filter = filter;
  return request;
}
