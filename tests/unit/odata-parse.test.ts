import { describe, expect, it } from 'vitest';
import {
  ODataError,
  formatFilter,
  modelFromSchema,
  parseODataQuery,
  type FilterNode,
  type ODataLimits,
  type ODataParams,
} from '#platform/core';

const schema = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    Code: { type: ['string', 'null'] },
    Qty: { type: ['integer', 'null'] },
    Price: { type: 'number' },
    Active: { type: 'boolean' },
    Born: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
    CreatedAt: { type: 'string', format: 'date-time' },
    Notes: { type: 'string' },
    Company: { type: 'object', properties: { Id: { type: 'integer' } } },
    Roles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Id: { type: 'integer' },
          Name: { type: 'string' },
          Level: { type: 'integer' },
        },
      },
    },
    Groups: { type: 'array', items: { type: 'object', properties: { Name: { type: 'string' } } } },
    Tags: { type: 'array', items: { type: 'string' } },
  },
} as const;

const model = modelFromSchema(schema, {
  notSortable: ['Notes'],
  notFilterable: ['Notes', 'Roles/Level'],
});

function query(params: ODataParams, limits?: Partial<ODataLimits>) {
  return parseODataQuery(params, model, limits);
}

function filter(text: string, limits?: Partial<ODataLimits>): FilterNode {
  return query({ $filter: text }, limits).filter!;
}

/** The ODataError a query throws, as `{ option, message, position }`. */
function refusal(params: ODataParams | string, limits?: Partial<ODataLimits>) {
  try {
    query(typeof params === 'string' ? { $filter: params } : params, limits);
  } catch (error) {
    if (!(error instanceof ODataError)) throw error;
    return { option: error.option, message: error.message, position: error.position };
  }
  throw new Error('expected an ODataError');
}

const name = { kind: 'field', name: 'Name', type: 'string', nullable: false } as const;
const code = { kind: 'field', name: 'Code', type: 'string', nullable: true } as const;
const active = { kind: 'field', name: 'Active', type: 'boolean', nullable: false } as const;
const text = (value: string) => ({ kind: 'literal', type: 'string', value }) as const;
const eq = (left: FilterNode, right: FilterNode) =>
  ({ kind: 'compare', op: 'eq', left, right }) as const;

describe('modelFromSchema', () => {
  it('maps scalar types, nullability, formats and arrays of objects; skips other shapes', () => {
    expect(model.fields).toEqual({
      Id: { type: 'integer', nullable: false, sortable: true, filterable: true },
      Name: { type: 'string', nullable: false, sortable: true, filterable: true },
      Code: { type: 'string', nullable: true, sortable: true, filterable: true },
      Qty: { type: 'integer', nullable: true, sortable: true, filterable: true },
      Price: { type: 'number', nullable: false, sortable: true, filterable: true },
      Active: { type: 'boolean', nullable: false, sortable: true, filterable: true },
      Born: { type: 'date', nullable: true, sortable: true, filterable: true },
      CreatedAt: { type: 'datetime', nullable: false, sortable: true, filterable: true },
      Notes: { type: 'string', nullable: false, sortable: false, filterable: false },
    });
    expect(Object.keys(model.collections)).toEqual(['Roles', 'Groups']);
    expect(model.collections.Roles!.fields.Level).toEqual({
      type: 'integer',
      nullable: false,
      sortable: false,
      filterable: false,
    });
  });

  it('keeps only the named fields, and refuses names the schema does not have', () => {
    const only = modelFromSchema(schema, { only: ['Name', 'Roles'] });
    expect(Object.keys(only.fields)).toEqual(['Name']);
    expect(Object.keys(only.collections)).toEqual(['Roles']);
    expect(() => modelFromSchema(schema, { notSortable: ['Nmae'] })).toThrow(/Nmae/);
  });
});

describe('query options', () => {
  it('defaults to every row from the start, unsorted, without count or select', () => {
    expect(query({})).toEqual({
      top: 1000,
      skip: 0,
      orderBy: [],
      filter: null,
      select: null,
      count: false,
    });
    const defaults = { orderBy: [{ field: 'Name', desc: false }], top: 20 };
    expect(parseODataQuery({}, model, {}, defaults)).toMatchObject(defaults);
  });

  it('reads $top, $skip, $count, $orderby and $select', () => {
    const params = {
      $top: '20',
      $skip: '40',
      $count: 'true',
      $orderby: 'Name desc, Qty,CreatedAt asc',
      $select: 'Id,Name, Roles',
    };
    expect(query(params)).toEqual({
      top: 20,
      skip: 40,
      count: true,
      // Only a field that may be null needs its nulls placed in the order.
      orderBy: [
        { field: 'Name', desc: true, nullable: false },
        { field: 'Qty', desc: false, nullable: true },
        { field: 'CreatedAt', desc: false, nullable: false },
      ],
      select: ['Id', 'Name', 'Roles'],
      filter: null,
    });
    expect(query({ $select: '*', $count: 'false' })).toMatchObject({ select: null, count: false });
  });

  it('counts for $inlinecount=allpages, as OData v2 and v3 clients ask', () => {
    expect(query({ $inlinecount: 'allpages' })).toMatchObject({ count: true });
    expect(query({ $inlinecount: 'none' })).toMatchObject({ count: false });
    expect(query({ $inlinecount: 'allpages', $count: 'false' })).toMatchObject({ count: true });
  });

  it('treats blank options as absent and ignores allowed plain parameters', () => {
    expect(query({ $filter: ' ', $top: '', $orderby: undefined })).toMatchObject({
      filter: null,
      top: 1000,
    });
    expect(parseODataQuery({ language: 'en' }, model, {}, {}, ['language']).top).toBe(1000);
  });

  it.each([
    [{ $top: '1001' }, '$top', '$top: may be at most 1000 (maxTop).'],
    [{ $top: '-1' }, '$top', '$top: must be a whole number of 0 or more.'],
    [{ $top: '2.5' }, '$top', '$top: must be a whole number of 0 or more.'],
    [{ $skip: 'ten' }, '$skip', '$skip: must be a whole number of 0 or more.'],
    [{ $skip: '99999999999' }, '$skip', '$skip: may be at most 2147483647.'],
    [{ $count: 'yes' }, '$count', '$count: must be true or false.'],
    [{ $count: 'True' }, '$count', '$count: must be true or false.'],
    [{ $inlinecount: 'all' }, '$inlinecount', '$inlinecount: must be allpages or none.'],
    [{ $expand: 'Roles' }, '$expand', '$expand: is not supported.'],
    [{ $Filter: 'x' }, '$Filter', "$Filter: is not a query option; did you mean '$filter'?"],
    [{ top: '5' }, 'top', "top: is not a query option; did you mean '$top'?"],
    [
      { page: '2' },
      'page',
      'page: is not a query option; options: $top, $skip, $orderby, $filter, $select, $count, $inlinecount.',
    ],
    [{ $top: ['1', '2'] }, '$top', '$top: is given more than once.'],
  ])('refuses %j', (params, option, message) => {
    expect(refusal(params)).toEqual({ option, message, position: undefined });
  });

  it.each([
    ['Nmae', "$orderby: unknown field 'Nmae' at position 1; fields you can sort by:", 1],
    ['Id, name desc', "$orderby: unknown field 'name' at position 5; did you mean 'Name'?", 5],
    ['Notes', "$orderby: cannot sort by 'Notes' at position 1; fields you can sort by:", 1],
    ['Roles', "$orderby: cannot sort by the collection 'Roles' at position 1.", 1],
    ['Name DESC', "$orderby: cannot read 'Name DESC' at position 1; write 'asc' or 'desc'", 1],
    ['Name,,Id', '$orderby: has an empty sort key at position 6', 6],
    ['Name, Name desc', "$orderby: sorts by 'Name' twice at position 7.", 7],
    ['tolower(Name)', "$orderby: cannot read 'tolower(Name)' at position 1", 1],
  ])('refuses $orderby=%s', (text, message, position) => {
    const found = refusal({ $orderby: text });
    expect(found.message.startsWith(message)).toBe(true);
    expect(found.position).toBe(position);
  });

  it('lists the sortable fields when a sort field is unknown', () => {
    expect(refusal({ $orderby: 'Nmae' }).message).toBe(
      "$orderby: unknown field 'Nmae' at position 1; fields you can sort by: Id, Name, Code, Qty, Price, Active, Born, CreatedAt.",
    );
  });

  it.each([
    ['Id,Nmae', "$select: unknown field 'Nmae' at position 4; fields: Id, Name,"],
    ['roles', "$select: unknown field 'roles' at position 1; did you mean 'Roles'?"],
    ['Id,Id', "$select: names 'Id' twice at position 4."],
    ['Id,', '$select: has an empty name at position 4.'],
  ])('refuses $select=%s', (text, message) => {
    expect(refusal({ $select: text }).message.startsWith(message)).toBe(true);
  });

  it('refuses an option longer than maxOptionLength, naming the limit', () => {
    const long = `Name eq '${'x'.repeat(4000)}'`;
    expect(refusal({ $filter: long }).message).toBe(
      '$filter: is longer than 4000 characters (maxOptionLength).',
    );
    expect(query({ $filter: long }, { maxOptionLength: 5000 }).filter).not.toBeNull();
  });
});

describe('$filter grammar', () => {
  it('binds not tighter than comparison, comparison than and, and than or', () => {
    expect(filter("Name eq 'a' or Code eq 'b' and not Active")).toEqual({
      kind: 'or',
      operands: [
        eq(name, text('a')),
        { kind: 'and', operands: [eq(code, text('b')), { kind: 'not', operand: active }] },
      ],
    });
    expect(filter("not Active eq true and Name eq 'x'")).toEqual({
      kind: 'and',
      operands: [
        eq({ kind: 'not', operand: active }, { kind: 'literal', type: 'boolean', value: true }),
        eq(name, text('x')),
      ],
    });
  });

  it('keeps and/or chains flat but parenthesised groups apart', () => {
    const a = eq(name, text('a'));
    const b = eq(code, text('b'));
    expect(filter("Name eq 'a' and Code eq 'b' and Active")).toEqual({
      kind: 'and',
      operands: [a, b, active],
    });
    expect(filter("(Name eq 'a' or Code eq 'b') and ((Active))")).toEqual({
      kind: 'and',
      operands: [{ kind: 'or', operands: [a, b] }, active],
    });
  });

  it('reads every kind of literal', () => {
    const right = (source: string) => {
      const node = filter(source);
      return node.kind === 'compare' ? node.right : node;
    };
    expect(right("Name eq 'it''s'")).toEqual(text("it's"));
    expect(right("Name eq ''")).toEqual(text(''));
    expect(right('Qty eq -42')).toEqual({ kind: 'literal', type: 'integer', value: -42 });
    expect(right('Price eq 2.50')).toEqual({ kind: 'literal', type: 'number', value: 2.5 });
    expect(right('Price eq 1e3')).toEqual({ kind: 'literal', type: 'number', value: 1000 });
    expect(right('Active eq false')).toEqual({ kind: 'literal', type: 'boolean', value: false });
    expect(right('Qty eq null')).toEqual({ kind: 'literal', type: 'null', value: null });
    expect(right('Born eq 2026-11-22')).toEqual({
      kind: 'literal',
      type: 'date',
      value: '2026-11-22',
    });
    for (const value of [
      '2026-11-22T10:30:00Z',
      '2026-11-22T10:30Z',
      '2026-11-22T10:30:00.125+02:00',
      '2024-02-29T23:59:59-05:30',
    ]) {
      expect(right(`CreatedAt lt ${value}`)).toEqual({ kind: 'literal', type: 'datetime', value });
    }
    expect(right('CreatedAt lt 2026-11-22t10:30:00z')).toMatchObject({
      value: '2026-11-22T10:30:00Z',
    });
  });

  it('types functions and lets integers meet decimals and dates meet datetimes', () => {
    expect(filter("contains(tolower(Name), 'abc')")).toMatchObject({
      kind: 'call',
      name: 'contains',
      type: 'boolean',
      nullable: false,
      args: [{ kind: 'call', name: 'tolower', type: 'string' }, text('abc')],
    });
    expect(filter("startswith(Code, 'A')")).toMatchObject({ nullable: true });
    expect(filter('length(trim(toupper(Name))) gt 3')).toMatchObject({ kind: 'compare' });
    expect(filter('Qty gt 2.5 and Price le 3')).toMatchObject({ kind: 'and' });
    expect(filter('year(Born) eq 2026 and month(CreatedAt) eq 11 and day(Born) lt 5')).toBeTruthy();
    expect(
      filter('hour(CreatedAt) ge 8 and minute(CreatedAt) eq 0 and second(now()) ge 0'),
    ).toBeTruthy();
    expect(filter('date(CreatedAt) eq Born and CreatedAt gt 2026-01-01')).toBeTruthy();
    expect(filter('CreatedAt lt now()')).toMatchObject({ right: { kind: 'call', name: 'now' } });
  });

  it('reads any and all over collections, with outer fields and nested lambdas', () => {
    expect(filter("Roles/any(r: r/Name eq 'Admin' and Active)")).toEqual({
      kind: 'lambda',
      quantifier: 'any',
      collection: 'Roles',
      variable: 'r',
      predicate: {
        kind: 'and',
        operands: [
          eq(
            {
              kind: 'itemField',
              variable: 'r',
              collection: 'Roles',
              name: 'Name',
              type: 'string',
              nullable: false,
            },
            text('Admin'),
          ),
          active,
        ],
      },
    });
    expect(filter('Roles/any()')).toEqual({
      kind: 'lambda',
      quantifier: 'any',
      collection: 'Roles',
      variable: null,
      predicate: null,
    });
    expect(filter('Roles/all(r: Groups/any(g: g/Name eq r/Name))')).toMatchObject({
      quantifier: 'all',
      predicate: { kind: 'lambda', collection: 'Groups', variable: 'g' },
    });
  });

  it('allows eq null and ne null on any value, nullable or not', () => {
    expect(filter('Code eq null')).toEqual(
      eq(code, { kind: 'literal', type: 'null', value: null }),
    );
    expect(filter('null ne tolower(Code)')).toMatchObject({ op: 'ne' });
    // A field that is never null: none of its rows for eq, all of them for ne.
    expect(filter('Name eq null')).toEqual(
      eq(name, { kind: 'literal', type: 'null', value: null }),
    );
    expect(filter('Id ne null and length(Name) eq null')).toMatchObject({ kind: 'and' });
  });

  it("types every other canonical function of OData's", () => {
    expect(filter("indexof(tolower(Name), 'x') eq -1")).toMatchObject({
      left: { kind: 'call', name: 'indexof', type: 'integer', nullable: false },
    });
    expect(filter("substring(Code, 1) eq 'x' and substring(Name, 0, Qty) eq 'y'")).toMatchObject({
      operands: [
        { left: { name: 'substring', type: 'string', nullable: true } },
        { left: { name: 'substring', type: 'string', nullable: true } },
      ],
    });
    expect(filter("concat(Name, concat(' ', Name)) eq 'a a'")).toMatchObject({
      left: { name: 'concat', type: 'string' },
    });
    expect(filter('time(CreatedAt) ge 08:30 and time(CreatedAt) lt 17:00:00.5')).toMatchObject({
      operands: [
        { left: { name: 'time', type: 'time' }, right: { type: 'time', value: '08:30' } },
        { right: { kind: 'literal', type: 'time', value: '17:00:00.5' } },
      ],
    });
    expect(filter('round(Price) eq 2 and floor(Qty) eq 1 and ceiling(Price) gt 0')).toMatchObject({
      operands: [
        { left: { name: 'round', type: 'number' } },
        { left: { name: 'floor', type: 'integer', nullable: true } },
        { left: { name: 'ceiling', type: 'number' } },
      ],
    });
  });

  it('reads arithmetic on numbers, multiplying before adding, from the left', () => {
    const qty = { kind: 'field', name: 'Qty', type: 'integer', nullable: true } as const;
    const id = { kind: 'field', name: 'Id', type: 'integer', nullable: false } as const;
    const two = { kind: 'literal', type: 'integer', value: 2 } as const;
    expect(filter('Id add Qty mul 2 gt 1')).toMatchObject({
      kind: 'compare',
      left: {
        kind: 'arithmetic',
        op: 'add',
        left: id,
        right: { kind: 'arithmetic', op: 'mul', left: qty, right: two, type: 'integer' },
        type: 'integer',
        nullable: true,
      },
    });
    expect(filter('Id sub 1 sub 2 eq 0')).toMatchObject({
      left: { op: 'sub', left: { op: 'sub', left: id }, right: two },
    });
    expect(filter('Id div 2 eq 1')).toMatchObject({
      left: { op: 'div', type: 'integer', nullable: true },
    });
    expect(filter('Id mod 2 eq 1 and Price div 2 gt 1 and Id add 0.5 lt 3')).toMatchObject({
      operands: [
        { left: { op: 'mod', type: 'integer', nullable: true } },
        { left: { op: 'div', type: 'number' } },
        { left: { op: 'add', type: 'number', nullable: false } },
      ],
    });
    expect(filter('Id in (1, 2) and not (Qty in (3))')).toMatchObject({ kind: 'and' });
  });

  it('prints a filter back as text that reads as the same filter', () => {
    const texts = [
      "Name eq 'it''s' and (Code eq null or not (Qty gt 3))",
      "(Name eq 'a' and Active) and Price ge 1.0",
      'not not Active',
      "Roles/any(r: r/Name ne 'x') or Roles/any()",
      'Qty eq -0',
      "(Name eq 'a') eq (Code ne 'b')",
      'Id add Qty mul 2 sub (Id sub 1) gt Price div 2',
      'Id mod 3 eq 1 and (Id add 1) mul 2 eq 4',
      "time(CreatedAt) lt 10:30 and substring(Name, 1, 2) eq 'x' and indexof(Name, 'a') eq -1",
    ];
    for (const source of texts) {
      const parsed = filter(source);
      expect(filter(formatFilter(parsed))).toEqual(parsed);
    }
    expect(formatFilter(filter("(Name eq 'a' and Active) and Price ge 1"))).toBe(
      "(Name eq 'a' and Active) and Price ge 1",
    );
  });
});

describe('$filter refusals', () => {
  it.each([
    [
      "Nmae eq 'x'",
      "unknown field 'Nmae' at position 1; fields you can filter by: Id, Name, Code, Qty, Price, Active, Born, CreatedAt.",
      1,
    ],
    ["name eq 'x'", "unknown field 'name' at position 1; did you mean 'Name'?", 1],
    [
      "Notes eq 'x'",
      "cannot filter by 'Notes' at position 1; fields you can filter by: Id, Name, Code, Qty, Price, Active, Born, CreatedAt.",
      1,
    ],
    [
      'Company eq 1',
      "unknown field 'Company' at position 1; fields you can filter by: Id, Name, Code, Qty, Price, Active, Born, CreatedAt.",
      1,
    ],
    ["Roles eq 'x'", "'Roles' holds many items at position 1; write Roles/any(x: ...).", 1],
    [
      "Roles/Name eq 'x'",
      "cannot follow the path 'Roles/Name' at position 1; to test its items write Roles/any(x: x/Name ...).",
      1,
    ],
    [
      'Company/Id eq 1',
      "cannot follow the path 'Company/Id' at position 1; only the fields of the list itself and of any/all variables can be used.",
      1,
    ],
    [
      "Roles/any(r: r/Nmae eq 'x')",
      "unknown field 'Nmae' of Roles at position 14; fields of Roles you can filter by: Id, Name.",
      14,
    ],
    [
      'Roles/any(r: r/Level gt 1)',
      "cannot filter by 'Level' of Roles at position 14; fields of Roles you can filter by: Id, Name.",
      14,
    ],
    [
      "Roles/any(r: r eq 'x')",
      "'r' is an item of Roles at position 14; name one of its fields: Id, Name.",
      14,
    ],
    [
      "Rolse/any(r: r/Name eq 'x')",
      "unknown collection 'Rolse' at position 1; collections: Roles, Groups.",
      1,
    ],
    [
      "Name/any(r: r/Name eq 'x')",
      "'Name' is not a collection at position 1; collections: Roles, Groups.",
      1,
    ],
    [
      "Roles/any(r: Groups/any(r: r/Name eq 'x'))",
      "the variable 'r' is already in use at position 14; choose another name.",
      14,
    ],
    ['Roles/all()', 'all needs a condition at position 1; write Roles/all(x: x/... eq ...).', 1],
    [
      'Roles/any(r: r/Name)',
      "the condition of any must be true or false at position 1; 'r/Name' is text.",
      1,
    ],
    [
      "foo(Name) eq 'x'",
      "unknown function 'foo' at position 1; functions: contains, startswith, endswith, indexof, substring, concat, tolower, toupper, trim, length, year, month, day, hour, minute, second, date, time, now, round and 2 more.",
      1,
    ],
    [
      "ToLower(Name) eq 'x'",
      "unknown function 'ToLower' at position 1; did you mean 'tolower'?",
      1,
    ],
    ["tolower(Name, 'x') eq 'a'", 'tolower takes 1 argument, not 2 at position 1.', 1],
    ['contains(Name)', 'contains takes 2 arguments, not 1 at position 1.', 1],
    [
      'contains(Name, 5)',
      "argument 2 of contains must be text at position 16; '5' is a whole number.",
      16,
    ],
    [
      'year(Name) eq 1',
      "argument 1 of year must be a date or a date and time at position 6; 'Name' is text.",
      6,
    ],
    [
      'hour(Born) eq 1',
      "argument 1 of hour must be a date and time at position 6; 'Born' is a date.",
      6,
    ],
    [
      "Qty eq '5'",
      "cannot compare 'Qty' eq ''5'' at position 1; 'Qty' is a whole number and ''5'' is text.",
      1,
    ],
    [
      'Born eq 5',
      "cannot compare 'Born' eq '5' at position 1; 'Born' is a date and '5' is a whole number.",
      1,
    ],
    [
      'Active gt false',
      "cannot compare 'Active' gt 'false' at position 1; true or false compare only with eq or ne.",
      1,
    ],
    [
      'round(Name) eq 1',
      "argument 1 of round must be a whole number or a number at position 7; 'Name' is text.",
      7,
    ],
    [
      "substring(Name, 'a') eq 'b'",
      "argument 2 of substring must be a whole number at position 17; ''a'' is text.",
      17,
    ],
    ['substring(Name) eq 1', 'substring takes 2 or 3 arguments, not 1 at position 1.', 1],
    [
      'time(Born) lt 10:00',
      "argument 1 of time must be a date and time at position 6; 'Born' is a date.",
      6,
    ],
    [
      "Name add 1 eq 'x'",
      "cannot add 'Name' at position 1; 'Name' is text; add works on numbers.",
      1,
    ],
    [
      'Qty mul true eq 1',
      "cannot mul 'true' at position 1; 'true' is true or false; mul works on numbers.",
      1,
    ],
    [
      'time(CreatedAt) eq 10',
      "cannot compare 'time(CreatedAt)' eq '10' at position 1; 'time(CreatedAt)' is a time of day and '10' is a whole number.",
      1,
    ],
    ['time(CreatedAt) lt 24:00', "'24:00' is not a time of day at position 20.", 20],
    [
      "Name eq 'x' ADD 1",
      "unexpected 'ADD' at position 13; operators are written in lower case: 'add'.",
      13,
    ],
    ['Code gt null', 'null can only be compared with eq or ne, not gt at position 1.', 1],
    ['null eq null', 'compares null with null at position 1.', 1],
    ['Name', "must be true or false for each row at position 1; 'Name' is text.", 1],
    [
      "not Name eq 'x'",
      "'not' needs something true or false at position 1; 'Name' is text; 'not' applies to what follows it only, so write not (... eq ...).",
      1,
    ],
    [
      'Active and Name',
      "each side of 'and' must be true or false at position 12; 'Name' is text.",
      12,
    ],
    ["Name eq 'x'; drop table users --", "unexpected character ';' at position 12.", 12],
    [
      '1 eq 1) or (1 eq 1',
      "unexpected ')' after a complete condition at position 7; expected an operator such as eq, and, or.",
      7,
    ],
    [
      "(Name eq 'x'",
      "expected ')' to close the '(' at position 1, found the end at position 13.",
      13,
    ],
    ["Name eq 'x", 'the text starting here has no closing quote at position 9.', 9],
    ["Name EQ 'x'", "unexpected 'EQ' at position 6; operators are written in lower case: 'eq'.", 6],
    [
      "Name eq 'x' AND Active",
      "unexpected 'AND' at position 13; operators are written in lower case: 'and'.",
      13,
    ],
    [
      "Name eq 'x' Active",
      "unexpected 'Active' after a complete condition at position 13; expected an operator such as eq, and, or.",
      13,
    ],
    ['Name eq', 'ends where a value was expected at position 8.', 8],
    ['eq 1', "expected a value, found 'eq' at position 1.", 1],
    ['Born eq 2026-02-30', "'2026-02-30' is not a date at position 9.", 9],
    [
      'CreatedAt eq 2026-11-22T24:00:00Z',
      "'2026-11-22T24:00:00' is not a time of day at position 14.",
      14,
    ],
    [
      'CreatedAt eq 2026-11-22T10:00:00',
      "the date and time '2026-11-22T10:00:00' has no time zone at position 14; end it with 'Z' or an offset such as +02:00.",
      14,
    ],
    [
      'CreatedAt eq 2026-11-22T10:00:00 02:00',
      "the date and time '2026-11-22T10:00:00' has no time zone at position 14; in a URL write '+' as %2B.",
      14,
    ],
    ['Qty eq 12abc', "'12abc' is not a number at position 8.", 8],
    ['Qty eq 99999999999999999', "the number '99999999999999999' is too large at position 8.", 8],
    ["Name eq 'a' and \u0000", "unexpected character '\\u0000' at position 17.", 17],
    ['Qty eq - 1', "unexpected character '-' at position 8.", 8],
  ])('refuses %s', (source, message, position) => {
    expect(refusal(source)).toEqual({
      option: '$filter',
      message: `$filter: ${message}`,
      position,
    });
  });

  it('counts nodes and depth against the limits, naming them', () => {
    const clauses = Array.from({ length: 34 }, (_, i) => `Qty eq ${i}`).join(' or ');
    expect(refusal(clauses).message).toBe(
      `$filter: has more than 100 parts (maxFilterNodes) at position ${clauses.lastIndexOf('33') + 1}.`,
    );
    expect(filter(clauses, { maxFilterNodes: 200 })).toMatchObject({ kind: 'or' });
    const nested = `${'('.repeat(21)}Active${')'.repeat(21)}`;
    expect(refusal(nested).message).toBe(
      '$filter: nests deeper than 20 levels (maxFilterDepth) at position 21.',
    );
    const nots = `${'not '.repeat(25)}Active`;
    expect(refusal(nots).message).toMatch(/nests deeper than 20 levels \(maxFilterDepth\)/);
    const calls = `${'tolower('.repeat(19)}Name${')'.repeat(19)} eq 'x'`;
    expect(refusal(calls).message).toMatch(/maxFilterDepth/);
  });
});
