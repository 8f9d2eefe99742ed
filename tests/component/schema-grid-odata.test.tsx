import { describe, expect, it } from 'vitest';
import {
  buildODataRequest,
  odataFilter,
  odataLiteral,
  odataOrderBy,
  type GridFieldFilter as FieldFilter,
} from '#platform/ui';

// Pure functions of the grid's request; kept beside the grid's component tests.

const text = (
  operator: 'contains' | 'eq' | 'startswith' | 'endswith',
  value: string,
  values: string[] = [],
) =>
  ({
    field: 'Name',
    type: 'string',
    filter: { kind: 'text', operator, text: value, values },
  }) satisfies FieldFilter;

describe('OData literals', () => {
  it('double single quotes inside strings', () => {
    expect(odataLiteral.string("O'Brien's")).toBe("'O''Brien''s'");
    expect(odataLiteral.string('')).toBe("''");
  });

  it('write days as YYYY-MM-DD and refuse what is not a real day', () => {
    expect(odataLiteral.date('2026-11-22')).toBe('2026-11-22');
    expect(odataLiteral.date(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(() => odataLiteral.date('2026-02-30')).toThrow(RangeError);
    expect(() => odataLiteral.date("2026-11-22' or 1 eq 1")).toThrow(RangeError);
  });

  it('write moments in UTC with Z', () => {
    expect(odataLiteral.dateTime(new Date(Date.UTC(2026, 10, 22, 8, 30)))).toBe(
      '2026-11-22T08:30:00Z',
    );
    expect(odataLiteral.dateTime(new Date(Date.UTC(2026, 10, 22, 8, 30, 1, 250)))).toBe(
      '2026-11-22T08:30:01.250Z',
    );
    expect(() => odataLiteral.dateTime(new Date('nope'))).toThrow(RangeError);
  });

  it('write numbers and booleans as they are, refusing what is not a number', () => {
    expect(odataLiteral.number(-12.5)).toBe('-12.5');
    expect(odataLiteral.number(0)).toBe('0');
    expect(() => odataLiteral.number(Number.NaN)).toThrow(RangeError);
    expect(() => odataLiteral.number(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(odataLiteral.boolean(true)).toBe('true');
    expect(odataLiteral.boolean(false)).toBe('false');
  });
});

describe('$filter of column filters', () => {
  it('matches text case-insensitively with each operator, quotes escaped', () => {
    expect(odataFilter([text('contains', " O'Br ")])).toBe("contains(tolower(Name), 'o''br')");
    expect(odataFilter([text('startswith', 'An')])).toBe("startswith(tolower(Name), 'an')");
    expect(odataFilter([text('endswith', 'SON')])).toBe("endswith(tolower(Name), 'son')");
    expect(odataFilter([text('eq', 'Ann')])).toBe("tolower(Name) eq 'ann'");
  });

  it('turns ticked values into exact matches joined by or', () => {
    expect(odataFilter([text('contains', '', ["D'Arcy", 'Bo'])])).toBe(
      "(Name eq 'D''Arcy' or Name eq 'Bo')",
    );
    expect(odataFilter([text('contains', '', ['Bo'])])).toBe("Name eq 'Bo'");
    expect(odataFilter([text('contains', 'o', ['Bo'])])).toBe(
      "contains(tolower(Name), 'o') and Name eq 'Bo'",
    );
  });

  it('bounds numbers inclusively on the ends given', () => {
    const range = (from: number | null, to: number | null): FieldFilter => ({
      field: 'Tons',
      type: 'number',
      filter: { kind: 'range', from, to },
    });
    expect(odataFilter([range(1.5, 20)])).toBe('Tons ge 1.5 and Tons le 20');
    expect(odataFilter([range(null, 0)])).toBe('Tons le 0');
    expect(odataFilter([range(null, null)])).toBeUndefined();
  });

  it('bounds days inclusively, and moments from local midnight to the next one', () => {
    const dates = (type: 'date' | 'datetime'): FieldFilter => ({
      field: 'Day',
      type,
      filter: { kind: 'dates', from: '2026-11-22', to: '2026-11-30' },
    });
    expect(odataFilter([dates('date')])).toBe('Day ge 2026-11-22 and Day le 2026-11-30');
    const from = new Date(2026, 10, 22).toISOString().replace('.000Z', 'Z');
    const to = new Date(2026, 11, 1).toISOString().replace('.000Z', 'Z');
    expect(odataFilter([dates('datetime')])).toBe(`Day ge ${from} and Day lt ${to}`);
  });

  it('tests booleans and list item names', () => {
    expect(
      odataFilter([
        { field: 'Active', type: 'boolean', filter: { kind: 'boolean', value: false } },
      ]),
    ).toBe('Active eq false');
    expect(
      odataFilter([{ field: 'Active', type: 'boolean', filter: { kind: 'boolean', value: null } }]),
    ).toBeUndefined();
    expect(
      odataFilter([{ field: 'Roles', type: 'list', filter: { kind: 'list', text: "Admin's" } }]),
    ).toBe("Roles/any(r: contains(tolower(r/Name), 'admin''s'))");
  });

  it('joins the filters of several columns with and, skipping empty ones', () => {
    expect(
      odataFilter([
        text('contains', 'a'),
        text('contains', '   '),
        { field: 'Active', type: 'boolean', filter: { kind: 'boolean', value: true } },
      ]),
    ).toBe("contains(tolower(Name), 'a') and Active eq true");
    expect(odataFilter([])).toBeUndefined();
  });
});

describe('the request of a page', () => {
  it('has $top, $skip and $count, and $orderby only when there are sort keys', () => {
    expect(buildODataRequest({ pageIndex: 0, pageSize: 20, sort: [], filters: [] })).toEqual({
      $top: '20',
      $skip: '0',
      $count: 'true',
    });
    expect(
      buildODataRequest({
        pageIndex: 3,
        pageSize: 15,
        sort: [
          { Field: 'Name', Desc: false },
          { Field: 'DateTime', Desc: true },
        ],
        filters: [text('contains', 'x')],
      }),
    ).toEqual({
      $top: '15',
      $skip: '45',
      $orderby: 'Name asc,DateTime desc',
      $filter: "contains(tolower(Name), 'x')",
      $count: 'true',
    });
    expect(odataOrderBy([])).toBeUndefined();
  });

  it('ANDs the default filter to the column filters, bracketed', () => {
    const request = buildODataRequest({
      pageIndex: 0,
      pageSize: 20,
      sort: [],
      filters: [text('contains', 'x')],
      defaultFilter: 'Active eq true or Admin eq true',
    });
    expect(request.$filter).toBe(
      "(Active eq true or Admin eq true) and contains(tolower(Name), 'x')",
    );
    const alone = buildODataRequest({
      pageIndex: 0,
      pageSize: 20,
      sort: [],
      filters: [],
      defaultFilter: 'Active eq true',
    });
    expect(new URLSearchParams({ ...alone }).toString()).toBe(
      '%24top=20&%24skip=0&%24count=true&%24filter=Active+eq+true',
    );
  });
});
