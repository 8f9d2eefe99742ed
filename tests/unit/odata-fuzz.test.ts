import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ODataError,
  formatFilter,
  modelFromSchema,
  parseODataQuery,
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
    Done: { type: ['boolean', 'null'] },
    Born: { type: ['string', 'null'], format: 'date' },
    CreatedAt: { type: 'string', format: 'date-time' },
    Roles: {
      type: 'array',
      items: {
        type: 'object',
        properties: { Name: { type: 'string' }, Level: { type: 'integer' } },
      },
    },
    Groups: {
      type: 'array',
      items: { type: 'object', properties: { Name: { type: ['string', 'null'] } } },
    },
  },
} as const;

const model = modelFromSchema(schema);
const roomy: Partial<ODataLimits> = {
  maxFilterNodes: 100_000,
  maxFilterDepth: 100,
  maxOptionLength: 1_000_000,
};

/** Runs the query; answers 'ok' or the ODataError; anything else thrown fails the test. */
function outcome(params: ODataParams, limits?: Partial<ODataLimits>): 'ok' | ODataError {
  try {
    parseODataQuery(params, model, limits);
    return 'ok';
  } catch (error) {
    if (error instanceof ODataError) return error;
    throw error;
  }
}

// Generators of well-typed filter text, one per value type; `scope` holds lambda variables.
type Kind = 'bool' | 'text' | 'num' | 'date' | 'instant';
type Scope = { variable: string; collection: 'Roles' | 'Groups' }[];

const stringLiteral = fc
  .string({ unit: 'binary', maxLength: 12 })
  .map((text) => `'${text.replaceAll("'", "''")}'`);
const integerLiteral = fc.integer({ min: -1e9, max: 1e9 }).map(String);
const decimalLiteral = fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => {
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
});
const dateLiteral = fc
  .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const instantLiteral = fc
  .tuple(
    fc.date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
    fc.constantFrom('Z', '+02:00', '-05:30', '+00:00'),
    fc.boolean(),
  )
  .map(([date, zone, fraction]) => {
    const iso = date.toISOString();
    return `${fraction ? iso.slice(0, 23) : iso.slice(0, 19)}${zone}`;
  });

function itemFields(scope: Scope, type: 'string' | 'integer'): string[] {
  return scope.flatMap(({ variable, collection }) =>
    Object.entries(model.collections[collection]!.fields)
      .filter(([, field]) => field.type === type)
      .map(([name]) => `${variable}/${name}`),
  );
}

function fieldsOf(types: string[], scope: Scope, nullableOnly = false): string[] {
  const outer = Object.entries(model.fields)
    .filter(([, field]) => types.includes(field.type) && (!nullableOnly || field.nullable))
    .map(([name]) => name);
  const inner = nullableOnly ? [] : types.includes('string') ? itemFields(scope, 'string') : [];
  const numbers = !nullableOnly && types.includes('integer') ? itemFields(scope, 'integer') : [];
  return [...outer, ...inner, ...numbers];
}

const pick = (names: string[]) => fc.constantFrom(...names);

function expression(kind: Kind, depth: number, scope: Scope): fc.Arbitrary<string> {
  const leafOnly = depth <= 0;
  const sub = (inner: Kind) => fc.constant(null).chain(() => expression(inner, depth - 1, scope));
  switch (kind) {
    case 'text': {
      const leaves = [pick(fieldsOf(['string'], scope)), stringLiteral];
      if (leafOnly) return fc.oneof(...leaves);
      const call = fc.tuple(fc.constantFrom('tolower', 'toupper', 'trim'), sub('text'));
      return fc.oneof(
        ...leaves,
        call.map(([fn, arg]) => `${fn}(${arg})`),
        fc.tuple(sub('text'), sub('text')).map(([a, b]) => `concat(${a}, ${b})`),
        fc.tuple(sub('text'), sub('text')).map(([a, b]) => `substring(${a}, length(${b}) mod 5)`),
      );
    }
    case 'num': {
      const leaves = [pick(fieldsOf(['integer', 'number'], scope)), integerLiteral, decimalLiteral];
      if (leafOnly) return fc.oneof(...leaves);
      const parts = fc.tuple(fc.constantFrom('year', 'month', 'day'), sub('date'));
      const timeParts = fc.tuple(fc.constantFrom('hour', 'minute', 'second'), sub('instant'));
      return fc.oneof(
        ...leaves,
        sub('text').map((arg) => `length(${arg})`),
        fc.tuple(sub('text'), sub('text')).map(([a, b]) => `indexof(${a}, ${b})`),
        parts.map(([fn, arg]) => `${fn}(${arg})`),
        timeParts.map(([fn, arg]) => `${fn}(${arg})`),
        fc
          .tuple(fc.constantFrom('round', 'floor', 'ceiling'), sub('num'))
          .map(([fn, arg]) => `${fn}(${arg})`),
        fc
          .tuple(sub('num'), fc.constantFrom('add', 'sub', 'mul', 'div', 'mod'), sub('num'))
          .map(([a, op, b]) => `${a} ${op} ${b}`),
      );
    }
    case 'date': {
      const leaves = [pick(fieldsOf(['date'], scope)), dateLiteral];
      if (leafOnly) return fc.oneof(...leaves);
      return fc.oneof(
        ...leaves,
        sub('instant').map((arg) => `date(${arg})`),
      );
    }
    case 'instant':
      return fc.oneof(pick(fieldsOf(['datetime'], scope)), instantLiteral, fc.constant('now()'));
    case 'bool':
      return condition(depth, scope);
  }
}

function condition(depth: number, scope: Scope): fc.Arbitrary<string> {
  const sub = () => fc.constant(null).chain(() => condition(depth - 1, scope));
  const op = fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le');
  const compare = (left: Kind, right: Kind) =>
    fc
      .tuple(expression(left, depth - 1, scope), op, expression(right, depth - 1, scope))
      .map(([a, o, b]) => `${a} ${o} ${b}`);
  const leaves = [
    pick(fieldsOf(['boolean'], scope)),
    fc.constantFrom('true', 'false'),
    fc
      .tuple(
        pick(fieldsOf(['string', 'integer', 'date'], scope, true)),
        fc.constantFrom('eq', 'ne'),
      )
      .map(([field, o]) => `${field} ${o} null`),
    fc.constantFrom('Roles/any()', 'Groups/any()'),
  ];
  const compares = [
    compare('text', 'text'),
    compare('num', 'num'),
    compare('date', 'instant'),
    compare('instant', 'date'),
  ];
  if (depth <= 0) return fc.oneof(...leaves, ...compares);
  const used = scope.map((entry) => entry.variable);
  const lambda = fc
    .tuple(
      fc.constantFrom<'Roles' | 'Groups'>('Roles', 'Groups'),
      fc.constantFrom('any', 'all'),
      fc.constantFrom(...['r', 'g', 'x', 'item'].filter((name) => !used.includes(name))),
    )
    .chain(([collection, quantifier, variable]) =>
      condition(depth - 1, [...scope, { variable, collection }]).map(
        (predicate) => `${collection}/${quantifier}(${variable}: ${predicate})`,
      ),
    );
  const text = fc.tuple(
    fc.constantFrom('contains', 'startswith', 'endswith'),
    expression('text', depth - 1, scope),
    expression('text', depth - 1, scope),
  );
  const weighted = (weight: number) => (arbitrary: fc.Arbitrary<string>) => ({ arbitrary, weight });
  return fc.oneof(
    ...leaves.map(weighted(1)),
    ...compares.map(weighted(2)),
    ...[
      text.map(([fn, a, b]) => `${fn}(${a}, ${b})`),
      fc.tuple(sub(), fc.constantFrom('and', 'or'), sub()).map(([a, o, b]) => `(${a}) ${o} (${b})`),
      sub().map((inner) => `not (${inner})`),
      fc.tuple(sub(), fc.constantFrom('eq', 'ne'), sub()).map(([a, o, b]) => `(${a}) ${o} (${b})`),
      lambda,
    ].map(weighted(3)),
  );
}

const validFilter = fc.integer({ min: 0, max: 4 }).chain((depth) => condition(depth, []));

describe('$filter fuzzing', () => {
  it('parses every well-typed filter, and prints it back to the same tree', () => {
    fc.assert(
      fc.property(validFilter, (text) => {
        const parsed = parseODataQuery({ $filter: text }, model, roomy).filter!;
        const printed = formatFilter(parsed);
        expect(parseODataQuery({ $filter: printed }, model, roomy).filter).toEqual(parsed);
      }),
      { numRuns: 400 },
    );
  });

  it('answers random text with a query or an ODataError only', () => {
    const tokens = fc.constantFrom(
      ...['Name', 'Qty', 'Roles', 'r', 'r/Name', '/', 'any', 'all', '(', ')', ',', ':', "'", "''"],
      ...['eq', 'ne', 'gt', 'and', 'or', 'not', 'null', 'true', '1', '-', '1.5', '2026-11-22'],
      ...['2026-11-22T10:30:00Z', 'contains', 'tolower', 'year', 'now', '$it', ';', '--', ' '],
    );
    const soup = fc.array(tokens, { maxLength: 30 }).map((parts) => parts.join(' '));
    const mutated = fc
      .tuple(validFilter, fc.nat(), fc.string({ unit: 'binary', maxLength: 3 }))
      .map(
        ([text, at, insert]) =>
          text.slice(0, at % (text.length + 1)) + insert + text.slice((at % (text.length + 1)) + 1),
      );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), soup, mutated), (text) => {
        const result = outcome({ $filter: text });
        if (result !== 'ok') expect(result.message).toMatch(/^\$filter: .*[.?]$/s);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers random query parameters with a query or an ODataError only', () => {
    const names = fc.oneof(
      fc.constantFrom('$top', '$skip', '$orderby', '$filter', '$select', '$count', '$expand'),
      fc.string({ maxLength: 8 }),
    );
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.dictionary(names, value, { maxKeys: 4 }), (params) => {
        outcome(params);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ["Name eq 'x'; drop table users --", 'refused'],
    ["Name eq 'x' or 1 eq 1 --'", 'refused'],
    ['1 eq 1) or (1 eq 1', 'refused'],
    ["Name eq 'x''; delete from users; --'", 'ok'],
    ["Name eq '\\'' or ''='", 'ok'],
    ["Name eq 'unterminated", 'refused'],
    ["'", 'refused'],
    ["''", 'refused'],
    ["'''", 'refused'],
    ['Name eq \u0000', 'refused'],
    ["Name eq 'a\u0000b' and Code eq '\u{1F600}'", 'ok'],
    ["Name eq 'Ā𝔘ñïçødé' or Name eq '\uD800'", 'ok'],
    ['(((((', 'refused'],
    [')))))', 'refused'],
    ['not', 'refused'],
    ['not not not', 'refused'],
    ['Roles/any(', 'refused'],
    ['Roles/any(r:', 'refused'],
    ['Roles/any(r: r/', 'refused'],
    ['Roles/any(r r/Name eq 1)', 'refused'],
    ['Roles/any(r: Roles/any(r: true))', 'refused'],
    ['$it/Name eq 1', 'refused'],
    ['Name eq 1e999', 'refused'],
    ['Qty eq 9007199254740993', 'refused'],
    ['Born eq 0000-00-00', 'refused'],
    ['CreatedAt eq 2026-11-22T10:30:00+99:99', 'refused'],
    ["contains(Name, 'a', 'b', 'c')", 'refused'],
    ['now() eq now()', 'ok'],
    ['constructor eq 1', 'refused'],
    ['__proto__ eq 1', 'refused'],
    ['toString(Name) eq 1', 'refused'],
    ['Roles/constructor eq 1', 'refused'],
    ['hasOwnProperty/any(r: true)', 'refused'],
  ])('answers %j: %s', (text, verdict) => {
    const result = outcome({ $filter: text });
    if (verdict === 'ok') expect(result).toBe('ok');
    else
      expect(result).toMatchObject({
        option: '$filter',
        message: expect.stringMatching(/^\$filter: /),
      });
  });

  it('stops deep nesting at the depth limit, capped at 100, without exhausting the stack', () => {
    const parens = `${'('.repeat(10_000)}Active${')'.repeat(10_000)}`;
    const refusedBy = (limit: string) => ({ message: expect.stringMatching(limit) });
    expect(outcome({ $filter: parens })).toMatchObject(refusedBy('maxOptionLength'));
    const deep = { ...roomy, maxFilterDepth: 1_000_000 };
    const capped = 'nests deeper than 100 levels \\(maxFilterDepth\\)';
    expect(outcome({ $filter: parens }, deep)).toMatchObject(refusedBy(capped));
    expect(outcome({ $filter: `${'not '.repeat(10_000)}Active` }, deep)).toMatchObject(
      refusedBy(capped),
    );
    expect(outcome({ $filter: `${'tolower('.repeat(10_000)}Name` }, deep)).toMatchObject(
      refusedBy(capped),
    );
    const lambdas = Array.from({ length: 10_000 }, (_, i) => `Roles/any(v${i}: `).join('');
    expect(outcome({ $filter: `${lambdas}true` }, deep)).toMatchObject(refusedBy(capped));
    expect(outcome({ $filter: `${'('.repeat(99)}Active${')'.repeat(99)}` }, deep)).toBe('ok');
    expect(outcome({ $filter: `${'not '.repeat(99)}Active` }, deep)).toBe('ok');
  });

  it('reads large inputs in about linear time', () => {
    const started = performance.now();
    const huge = 'x'.repeat(100_000);
    expect(outcome({ $filter: `Name eq '${huge}'` })).toMatchObject({ option: '$filter' });
    expect(outcome({ $filter: `Name eq '${huge}'` }, roomy)).toBe('ok');
    expect(outcome({ $filter: `Name eq '${"''".repeat(100_000)}'` }, roomy)).toBe('ok');
    const chain = Array.from({ length: 20_000 }, (_, i) => `Qty eq ${i}`).join(' or ');
    expect(outcome({ $filter: chain }, roomy)).toBe('ok');
    expect(outcome({ $filter: chain })).toMatchObject({
      message: expect.stringMatching(/maxOptionLength/),
    });
    expect(outcome({ $filter: `${'('.repeat(50_000)}` }, roomy)).toMatchObject({
      option: '$filter',
    });
    expect(outcome({ $filter: `Name eq '${huge}`.replace("'", '') }, roomy)).not.toBe('ok');
    expect(outcome({ $orderby: Array(10_000).fill('Name').join(',') }, roomy)).not.toBe('ok');
    expect(outcome({ $select: 'Id,'.repeat(50_000) }, roomy)).not.toBe('ok');
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
