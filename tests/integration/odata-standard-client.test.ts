import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInEntities, type EntityDefinition } from '#metadata';
import { modelFromSchema, type ODataFieldType } from '#platform/core';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * What a standard OData client (a grid whose OData layer writes the queries) sends, on every
 * list the demo shows the admin: each canonical function and operator, run by the list and,
 * over the whole unfiltered list, by the same predicate written here in plain TypeScript.
 */

type Row = Record<string, unknown>;
type Value = string | number | boolean | null;

interface List {
  entity: EntityDefinition;
  url: string;
  key: string;
  rows: Row[];
  /** The answered fields of each type, most varied first. */
  fields: Record<ODataFieldType, string[]>;
}

/** A filter and the predicate it means, by OData's rules (null in, null out; null is false). */
interface Case {
  name: string;
  filter: string;
  test: (row: Row) => boolean;
}

const types: ODataFieldType[] = ['string', 'integer', 'number', 'boolean', 'date', 'datetime'];
const ascii = /^[ -~]*$/;
const day = 86_400_000;

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const chars = (text: string) => [...text];
const roundHalfAway = (n: number) => Math.sign(n) * Math.round(Math.abs(n));
/** OData's comparison: null equals null only, and is neither greater nor less than anything. */
function compare(op: string, a: Value, b: Value): boolean {
  if (a === null || b === null) return op === 'eq' ? a === b : op === 'ne' ? a !== b : false;
  const [x, y] = [a as number, b as number];
  return { eq: x === y, ne: x !== y, gt: x > y, ge: x >= y, lt: x < y, le: x <= y }[op]!;
}
/** `f` of a value, null when it is null. */
const of =
  <T>(f: (value: never) => T) =>
  (value: unknown): T | null =>
    value === null || value === undefined ? null : f(value as never);
const text = (row: Row, field: string) => (row[field] ?? null) as string | null;
const num = (row: Row, field: string) => (row[field] ?? null) as number | null;
const instant = (row: Row, field: string) => of((v: string) => Date.parse(v))(row[field]);

function keyOf(entity: EntityDefinition): string {
  const { fields, key } = entity.storage;
  return Object.keys(fields).find((field) => fields[field] === key)!;
}

/** The answered scalar fields by type, those with the most distinct values first. */
function fieldsOf(entity: EntityDefinition, rows: Row[]): List['fields'] {
  const model = modelFromSchema(entity.schema);
  const answered = Object.keys(model.fields).filter((name) => rows.some((row) => name in row));
  const distinct = (name: string) => new Set(rows.map((row) => JSON.stringify(row[name]))).size;
  const byType = Object.fromEntries(types.map((type) => [type, [] as string[]]));
  for (const name of answered.sort((a, b) => distinct(b) - distinct(a))) {
    const { type } = model.fields[name]!;
    // Text compared by its case rules only where PostgreSQL's and JavaScript's agree.
    if (type === 'string' && !rows.every((row) => ascii.test(String(row[name] ?? '')))) continue;
    byType[type]!.push(name);
  }
  return byType as List['fields'];
}

function median<T>(values: T[]): T | undefined {
  return values[Math.floor(values.length / 2)];
}

function stringCases(list: List): Case[] {
  const [S, S2] = list.fields.string;
  if (!S) return [];
  const values = list.rows.map((row) => text(row, S)).filter((v): v is string => v !== null);
  const s = median(values.filter((v) => v.length >= 3).sort()) ?? values[0] ?? 'x';
  const piece = s.slice(1, 3).toLowerCase();
  const length = median(values.map((v) => chars(v).length).sort((a, b) => a - b)) ?? 1;
  const cases: Case[] = [
    {
      name: 'contains',
      filter: `contains(${S},${quoted(piece)})`,
      test: (r) => of((v: string) => v.includes(piece))(r[S]) === true,
    },
    {
      name: 'startswith',
      filter: `startswith(${S},${quoted(s.slice(0, 2))})`,
      test: (r) => of((v: string) => v.startsWith(s.slice(0, 2)))(r[S]) === true,
    },
    {
      name: 'endswith',
      filter: `endswith(${S},${quoted(s.slice(-2))})`,
      test: (r) => of((v: string) => v.endsWith(s.slice(-2)))(r[S]) === true,
    },
    {
      // A grid's "does not contain".
      name: 'indexof (does not contain)',
      filter: `indexof(tolower(${S}),${quoted(piece)}) eq -1`,
      test: (r) => compare('eq', of((v: string) => v.toLowerCase().indexOf(piece))(r[S]), -1),
    },
    {
      name: 'indexof',
      filter: `indexof(${S},${quoted(s.slice(1, 2))}) ge 1`,
      test: (r) => compare('ge', of((v: string) => v.indexOf(s.slice(1, 2)))(r[S]), 1),
    },
    {
      name: 'tolower',
      filter: `tolower(${S}) eq ${quoted(s.toLowerCase())}`,
      test: (r) => compare('eq', of((v: string) => v.toLowerCase())(r[S]), s.toLowerCase()),
    },
    {
      name: 'toupper',
      filter: `toupper(${S}) eq ${quoted(s.toUpperCase())}`,
      test: (r) => compare('eq', of((v: string) => v.toUpperCase())(r[S]), s.toUpperCase()),
    },
    {
      name: 'trim',
      filter: `trim(concat(' ',${S})) eq ${quoted(s.trim())}`,
      test: (r) =>
        compare('eq', of((v: string) => ` ${v}`.replace(/^ +| +$/g, ''))(r[S]), s.trim()),
    },
    {
      name: 'length',
      filter: `length(${S}) gt ${length}`,
      test: (r) => compare('gt', of((v: string) => chars(v).length)(r[S]), length),
    },
    {
      name: 'substring (from)',
      filter: `substring(${S},1) eq ${quoted(s.slice(1))}`,
      test: (r) => compare('eq', of((v: string) => chars(v).slice(1).join(''))(r[S]), s.slice(1)),
    },
    {
      name: 'substring (from, length)',
      filter: `substring(${S},0,2) eq ${quoted(s.slice(0, 2))}`,
      test: (r) =>
        compare('eq', of((v: string) => chars(v).slice(0, 2).join(''))(r[S]), s.slice(0, 2)),
    },
    {
      name: 'concat',
      filter: `concat(concat(${S},'|'),${S2 ?? S}) eq ${quoted(`${s}|${s}`)}`,
      test: (r) => {
        const [a, b] = [text(r, S), text(r, S2 ?? S)];
        return compare('eq', a === null || b === null ? null : `${a}|${b}`, `${s}|${s}`);
      },
    },
    {
      name: 'in',
      filter: `${S} in (${quoted(s)},${quoted(values[0] ?? s)})`,
      test: (r) => r[S] !== null && [s, values[0] ?? s].includes(r[S] as string),
    },
    {
      name: 'not',
      filter: `not contains(${S},${quoted(piece)})`,
      test: (r) => of((v: string) => v.includes(piece))(r[S]) !== true,
    },
    ...(['eq', 'ne'] as const).map((op) => ({
      name: `${op}`,
      filter: `${S} ${op} ${quoted(s)}`,
      test: (r: Row) => compare(op, text(r, S), s),
    })),
  ];
  return cases;
}

function integerCases(list: List): Case[] {
  const [I] = list.fields.integer;
  if (!I) return [];
  const values = list.rows.map((row) => num(row, I)).filter((v): v is number => v !== null);
  const i = median([...values].sort((a, b) => a - b)) ?? 1;
  const arithmetic = (
    name: string,
    filter: string,
    value: (v: number) => number | null,
    op: string,
    than: number,
  ): Case => ({
    name,
    filter: `${filter} ${op} ${than}`,
    test: (r) => compare(op, of(value)(r[I]), than),
  });
  return [
    ...(['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const).map((op) => ({
      name: op,
      filter: `${I} ${op} ${i}`,
      test: (r: Row) => compare(op, num(r, I), i),
    })),
    arithmetic('add', `${I} add 1`, (v) => v + 1, 'gt', i),
    arithmetic('sub', `${I} sub 1`, (v) => v - 1, 'lt', i),
    arithmetic('mul', `${I} mul 2`, (v) => v * 2, 'ge', i * 2),
    arithmetic('div', `${I} div 2`, (v) => Math.trunc(v / 2), 'eq', Math.trunc(i / 2)),
    arithmetic('mod', `${I} mod 2`, (v) => v % 2, 'eq', 1),
    arithmetic('precedence', `${I} add 2 mul 3 sub 1`, (v) => v + 5, 'gt', i),
    {
      // Division by zero is null: never a server error.
      name: 'div by zero',
      filter: `${I} div 0 eq null`,
      test: () => true,
    },
    { name: 'mod by zero', filter: `${I} mod 0 ne null`, test: () => false },
    {
      name: 'round, floor, ceiling of whole numbers',
      filter: `round(${I}) eq ${I} and floor(${I}) eq ${I} and ceiling(${I}) eq ${I}`,
      test: (r) => r[I] !== null,
    },
    arithmetic(
      'round (half away from zero)',
      `round(${I} div 2.0)`,
      (v) => roundHalfAway(v / 2),
      'eq',
      roundHalfAway(i / 2),
    ),
    arithmetic('floor', `floor(${I} div 2.0)`, (v) => Math.floor(v / 2), 'eq', Math.floor(i / 2)),
    arithmetic('ceiling', `ceiling(${I} div 2.0)`, (v) => Math.ceil(v / 2), 'eq', Math.ceil(i / 2)),
    {
      name: 'in',
      filter: `${I} in (${i}, ${values[0] ?? i})`,
      test: (r) => r[I] !== null && [i, values[0] ?? i].includes(r[I] as number),
    },
    {
      name: 'not in',
      filter: `not (${I} in (${i}))`,
      test: (r) => !(r[I] !== null && r[I] === i),
    },
  ];
}

function numberCases(list: List): Case[] {
  const [N] = list.fields.number;
  if (!N) return [];
  const values = list.rows.map((row) => num(row, N)).filter((v): v is number => v !== null);
  const n = median([...values].sort((a, b) => a - b)) ?? 1;
  const at = (
    name: string,
    filter: string,
    value: (v: number) => number,
    op: string,
    than: number,
  ) => ({
    name: `${name} (number)`,
    filter: `${filter} ${op} ${than}`,
    test: (r: Row) => compare(op, of(value)(r[N]), than),
  });
  return [
    at('add', `${N} add 1.5`, (v) => v + 1.5, 'gt', n),
    at('sub', `${N} sub 0.5`, (v) => v - 0.5, 'lt', n),
    at('mul', `${N} mul 2`, (v) => v * 2, 'le', n * 2),
    at('div', `${N} div 2`, (v) => v / 2, 'ge', n / 2),
    at('mod', `${N} mod 7`, (v) => v % 7, 'lt', 3),
    at('round', `round(${N})`, roundHalfAway, 'eq', roundHalfAway(n)),
    at('floor', `floor(${N})`, Math.floor, 'le', Math.floor(n)),
    at('ceiling', `ceiling(${N})`, Math.ceil, 'ge', Math.ceil(n)),
  ];
}

function booleanCases(list: List): Case[] {
  const [B] = list.fields.boolean;
  if (!B) return [];
  return [
    { name: 'boolean eq', filter: `${B} eq true`, test: (r) => r[B] === true },
    { name: 'not boolean', filter: `not ${B}`, test: (r) => r[B] !== true },
    { name: 'boolean ne', filter: `${B} ne false`, test: (r) => r[B] !== false },
  ];
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function dateCases(list: List): Case[] {
  const [D] = list.fields.date;
  if (!D) return [];
  const values = list.rows.map((row) => instant(row, D)).filter((v): v is number => v !== null);
  const d = median([...values].sort((a, b) => a - b));
  if (d === undefined) return [];
  const part = (name: string, get: (date: Date) => number) => ({
    name: `${name} (date)`,
    filter: `${name}(${D}) eq ${get(new Date(d))}`,
    test: (r: Row) =>
      compare('eq', of((v: number) => get(new Date(v)))(instant(r, D)), get(new Date(d))),
  });
  return [
    part('year', (x) => x.getUTCFullYear()),
    part('month', (x) => x.getUTCMonth() + 1),
    part('day', (x) => x.getUTCDate()),
    {
      name: 'date ge',
      filter: `${D} ge ${isoDate(d)}`,
      test: (r) => compare('ge', instant(r, D), d),
    },
  ];
}

/** Parts of a date and time are read in UTC (see filter-sql.ts). */
function datetimeCases(list: List, now: () => number): Case[] {
  const [T] = list.fields.datetime;
  if (!T) return [];
  const values = list.rows.map((row) => instant(row, T)).filter((v): v is number => v !== null);
  const t = median([...values].sort((a, b) => a - b));
  if (t === undefined) return [];
  const at = new Date(t);
  const part = (name: string, get: (date: Date) => number) => ({
    name: `${name} (date and time)`,
    filter: `${name}(${T}) eq ${get(at)}`,
    test: (r: Row) => compare('eq', of((v: number) => get(new Date(v)))(instant(r, T)), get(at)),
  });
  const secondsOfDay = (ms: number) => (((ms % day) + day) % day) / 1000;
  return [
    part('year', (x) => x.getUTCFullYear()),
    part('month', (x) => x.getUTCMonth() + 1),
    part('day', (x) => x.getUTCDate()),
    part('hour', (x) => x.getUTCHours()),
    part('minute', (x) => x.getUTCMinutes()),
    part('second', (x) => x.getUTCSeconds()),
    {
      name: 'date',
      filter: `date(${T}) eq ${isoDate(t)}`,
      test: (r) => compare('eq', of((v: number) => isoDate(v))(instant(r, T)), isoDate(t)),
    },
    {
      name: 'time',
      filter: `time(${T}) lt 12:00:00`,
      test: (r) => compare('lt', of(secondsOfDay)(instant(r, T)), 12 * 3600),
    },
    {
      name: 'now',
      filter: `${T} lt now()`,
      test: (r) => compare('lt', instant(r, T), now()),
    },
  ];
}

/** `eq null` and `ne null` on every answered field, nullable or not (the key never is). */
function nullCases(list: List): Case[] {
  const named = [list.key, ...types.flatMap((type) => list.fields[type].slice(0, 1))];
  return [...new Set(named)].flatMap((F) => [
    { name: `${F} eq null`, filter: `${F} eq null`, test: (r: Row) => r[F] === null },
    { name: `${F} ne null`, filter: `${F} ne null`, test: (r: Row) => r[F] !== null },
  ]);
}

async function readList(client: ApiClient, url: string, query: Record<string, string>) {
  const res = await client.get('admin', `${url}?${new URLSearchParams(query).toString()}`);
  return res;
}

describe('what a standard OData client sends, on every list', () => {
  let t: TestApp;
  let client: ApiClient;
  const lists: List[] = [];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    // A new installation has run no job yet: three runs, one still queued (its times null).
    const hour = 3_600_000;
    const at = (hours: number) => new Date(Date.UTC(2026, 10, 22, 7, 45, 30) + hours * hour);
    await t.database.db
      .insertInto('jobRuns')
      .values([
        {
          jobName: 'forecast-refresh',
          trigger: 'schedule',
          state: 'succeeded',
          queuedAt: at(0),
          startedAt: at(0),
          endedAt: at(0.1),
          durationMs: 360_000,
          rowCount: 12,
        },
        {
          jobName: 'mail-retry',
          trigger: 'manual',
          state: 'failed',
          queuedAt: at(5.5),
          startedAt: at(5.6),
          endedAt: at(5.7),
          durationMs: 7,
          rowCount: 0,
          message: 'No route to host',
        },
        { jobName: 'forecast-refresh', trigger: 'retry', state: 'queued', queuedAt: at(30.25) },
      ])
      .execute();
    for (const entity of builtInEntities.filter((e) => e.grid.ListUrl)) {
      const url = entity.grid.ListUrl;
      const res = await readList(client, url, { $top: '1000', $count: 'true' });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      const page = res.json<{ '@odata.count': number; value: Row[] }>();
      expect(page.value, url).toHaveLength(page['@odata.count']);
      const key = keyOf(entity);
      lists.push({ entity, url, key, rows: page.value, fields: fieldsOf(entity, page.value) });
    }
  });
  afterAll(() => t.close());

  it('finds every list, and rows in each', () => {
    expect(lists.length).toBeGreaterThanOrEqual(15);
    for (const list of lists) expect(list.rows.length, list.url).toBeGreaterThan(0);
  });

  it('answers every canonical function and operator as the same predicate over the whole list', async () => {
    const covered = new Set<string>();
    const failures: string[] = [];
    for (const list of lists) {
      let now = Date.now();
      const cases = [
        ...stringCases(list),
        ...integerCases(list),
        ...numberCases(list),
        ...booleanCases(list),
        ...dateCases(list),
        ...datetimeCases(list, () => now),
        ...nullCases(list),
      ];
      const answers = await Promise.all(
        cases.map((c) =>
          readList(client, list.url, { $filter: c.filter, $top: '1000', $select: list.key }),
        ),
      );
      now = Date.now();
      cases.forEach((c, index) => {
        const res = answers[index]!;
        if (res.statusCode !== 200) {
          failures.push(`${list.url} ${c.filter}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          return;
        }
        const found = res.json<{ value: Row[] }>().value.map((row) => row[list.key]);
        const expected = list.rows.filter(c.test).map((row) => row[list.key]);
        const sort = (ids: unknown[]) => ids.map(String).sort();
        if (JSON.stringify(sort(found)) !== JSON.stringify(sort(expected))) {
          failures.push(
            `${list.url} ${c.filter}: found ${found.length} ${JSON.stringify(sort(found)).slice(0, 120)}, expected ${expected.length} ${JSON.stringify(sort(expected)).slice(0, 120)}`,
          );
        }
        covered.add(c.name.replace(/ \(.*\)$/, ''));
      });
    }
    expect(failures).toEqual([]);
    const names = [
      ...['contains', 'startswith', 'endswith', 'indexof', 'substring', 'concat', 'tolower'],
      ...['toupper', 'trim', 'length', 'year', 'month', 'day', 'hour', 'minute', 'second'],
      ...['date', 'time', 'now', 'round', 'floor', 'ceiling', 'not', 'in'],
      ...['add', 'sub', 'mul', 'div', 'mod', 'eq', 'ne', 'gt', 'ge', 'lt', 'le'],
    ];
    expect(names.filter((name) => !covered.has(name))).toEqual([]);
  });

  it('filters and sorts by every field a list answers', async () => {
    const failures: string[] = [];
    for (const list of lists) {
      const fields = new Set(list.rows.flatMap((row) => Object.keys(row)));
      // Collections (arrays) are ranged over by any/all; objects are not fields.
      const scalars = [...fields].filter((field) =>
        list.rows.every((row) => row[field] === null || typeof row[field] !== 'object'),
      );
      const ask = async (field: string) => {
        const hasValue = list.rows.some((row) => row[field] !== null);
        const filter = hasValue ? `${field} ne null` : `${field} eq null`;
        const [sorted, filtered] = await Promise.all([
          readList(client, list.url, { $orderby: `${field} desc`, $top: '1', $select: list.key }),
          readList(client, list.url, { $filter: filter, $top: '1000', $select: list.key }),
        ]);
        if (sorted.statusCode !== 200 || filtered.statusCode !== 200) {
          const bodies = `${sorted.body.slice(0, 150)} ${filtered.body.slice(0, 150)}`;
          return `${list.url} ${field}: ${bodies}`;
        }
        const expected = list.rows.filter((row) => hasValue === (row[field] !== null)).length;
        const found = filtered.json<{ value: Row[] }>().value.length;
        return found === expected ? null : `${list.url} ${filter}: ${found} rows, not ${expected}`;
      };
      const answers = await Promise.all(scalars.map(ask));
      failures.push(...answers.filter((answer) => answer !== null));
    }
    expect(failures).toEqual([]);
  });

  it('filters and sorts users by IsAdmin', async () => {
    const users = lists.find((list) => list.url === '/odata/UsersOData')!;
    const admins = users.rows.filter((row) => row.IsAdmin === true).map((row) => row.Name);
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.length).toBeLessThan(users.rows.length);
    const filtered = await readList(client, users.url, {
      $filter: 'IsAdmin eq true',
      $select: 'Name,IsAdmin',
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const found = filtered.json<{ value: Row[] }>().value;
    expect(found.map((row) => row.Name).sort()).toEqual([...admins].sort());
    expect(found.every((row) => row.IsAdmin === true)).toBe(true);
    const sorted = await readList(client, users.url, {
      $orderby: 'IsAdmin desc,Name',
      $top: '1000',
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const flags = sorted.json<{ value: Row[] }>().value.map((row) => row.IsAdmin);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(flags.slice(0, admins.length).every((flag) => flag === true)).toBe(true);
  });

  it('counts with $inlinecount=allpages as with $count=true', async () => {
    for (const url of ['/odata/UnitsOData', '/odata/UsersOData', '/odata/RolesOData']) {
      const list = lists.find((l) => l.url === url)!;
      const res = await readList(client, url, {
        $inlinecount: 'allpages',
        $top: '1',
        $count: 'false',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ '@odata.count': number }>()['@odata.count']).toBe(list.rows.length);
    }
    const none = await readList(client, '/odata/UnitsOData', { $inlinecount: 'none' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).not.toHaveProperty('@odata.count');
    const wrong = await readList(client, '/odata/UnitsOData', { $inlinecount: 'some' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Message).toMatch(/\$inlinecount/);
  });

  it('refuses functions on arguments of the wrong type with a 400 naming both', async () => {
    const cases: [string, RegExp][] = [
      ['year(Code) eq 2026', /argument 1 of year must be a date/],
      ['Code add 1 eq 2', /cannot add 'Code'/],
      ['round(Code) eq 1', /argument 1 of round must be a whole number or a number/],
      ["substring(Code, 'a') eq 'b'", /argument 2 of substring must be a whole number/],
      ['indexof(Code) eq 1', /indexof takes 2 arguments, not 1/],
    ];
    for (const [filter, message] of cases) {
      const res = await readList(client, '/odata/UnitsOData', { $filter: filter });
      expect(res.statusCode, filter).toBe(400);
      expect(res.json().Message, filter).toMatch(message);
    }
  });

  it('matches entity set names and unique checks in any case', async () => {
    const units = lists.find((l) => l.url === '/odata/UnitsOData')!;
    for (const url of ['/odata/unitsodata', '/odata/UNITSODATA', '/odata/unitsOData']) {
      const res = await readList(client, url, { $count: 'true', $top: '1' });
      expect(res.statusCode, url).toBe(200);
      expect(res.json<{ '@odata.count': number }>()['@odata.count']).toBe(units.rows.length);
    }
    // A list with a route of its own (its answer shaped by its module) too.
    const users = await readList(client, '/odata/usersodata', { $filter: 'IsAdmin eq true' });
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json<{ value: Row[] }>().value.map((row) => row.IsAdmin)).toContain(true);
    const code = units.rows[0]!.Code as string;
    for (const path of ['isuniquecode', 'ISUNIQUECODE', 'IsUniqueCode']) {
      const res = await client.post('admin', `/api/check/${path}`, { val: code, entity: 'units' });
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toEqual({ isUnique: false });
    }
  });

  it('asks which entity a unique check of a field several entities share means', async () => {
    const shared = await client.post('admin', '/api/check/IsUniqueCode', { val: 'X1' });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().Message).toMatch(/Say which entity 'Code' belongs to \(.*Units.*\)/);
    expect(shared.json().Message).toMatch(/Materials/);
    const lower = await client.post('admin', '/api/check/isuniquecode', {
      field: 'code',
      val: 'X1',
    });
    expect(lower.statusCode).toBe(400);
    const email = await client.post('admin', '/api/check/IsUniqueEmail', {
      field: 'Email',
      val: 'admin@demo.asphalt.test',
    });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json()).toMatchObject({ isUnique: false });
  });
});
