import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityStorage } from '#metadata';
import {
  ODataError,
  modelFromSchema,
  parseODataQuery,
  type FilterNode,
  type ODataParams,
} from '#platform/core';
import {
  distinctValues,
  listRows,
  storageModel,
  type ListOptions,
} from '../../server/engine/odata';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const schema = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    Code: { type: ['string', 'null'] },
    Qty: { type: ['integer', 'null'] },
    Price: { type: ['number', 'null'] },
    Active: { type: 'boolean' },
    Born: { type: ['string', 'null'], format: 'date' },
    CreatedAt: { type: 'string', format: 'date-time' },
    Category: { type: ['string', 'null'] },
    FullName: { type: 'string' },
    Secret: { type: 'string' },
    Version: { type: 'integer' },
    Tags: {
      type: 'array',
      items: {
        type: 'object',
        properties: { Name: { type: 'string' }, Weight: { type: ['integer', 'null'] } },
      },
    },
  },
} as const;

const storage: EntityStorage = {
  table: 'odata_fixture_items',
  key: 'id',
  versionColumn: 'version',
  fields: {
    Id: 'id',
    Name: 'name',
    Code: 'code',
    Qty: 'qty',
    Price: 'price',
    Active: 'active',
    Born: 'born',
    CreatedAt: 'created_at',
    Category: {
      lookup: {
        table: 'odata_fixture_categories',
        key: 'id',
        column: 'name',
        foreignKey: 'category_id',
      },
    },
    FullName: { concat: ['first_name', 'surname'], separator: ' ' },
    Version: 'version',
  },
  collections: {
    Tags: {
      through: { table: 'odata_fixture_item_tags', ownerColumn: 'item_id', itemColumn: 'tag_id' },
      itemTable: 'odata_fixture_tags',
      itemKey: 'id',
      columns: { Name: 'name', Weight: 'weight' },
    },
  },
};

const model = storageModel(modelFromSchema(schema), storage);

const [hot, cold, red, blue] = [1, 2, 3, 4];
// id, name, code, qty, price, active, born, created_at, category_id, first_name, surname, tags
type Item = [number, string, string | null, number | null, string | null, boolean];
type ItemMore = [string | null, string, number | null, string, string | null, number[]];
const special: [...Item, ...ItemMore][] = [
  [
    1,
    'Alpha',
    'A-1',
    10,
    '1.50',
    true,
    '2020-01-15',
    '2026-11-22T08:00:00Z',
    1,
    'Ann',
    'Lee',
    [hot, red],
  ],
  [
    2,
    'beta',
    'B-2',
    20,
    '2.25',
    true,
    '2021-02-28',
    '2026-11-22T23:30:00Z',
    2,
    'Bob',
    'Ray',
    [cold],
  ],
  [3, 'Gamma', null, null, null, false, null, '2026-11-21T12:00:00Z', null, 'Cy', null, []],
  [
    4,
    '100% pure',
    'P%1',
    5,
    '10.00',
    true,
    '2022-03-01',
    '2026-01-01T00:00:00Z',
    1,
    'Di',
    'Moe',
    [hot],
  ],
  [
    5,
    'under_score',
    'U_1',
    7,
    '0.99',
    false,
    '2019-12-31',
    '2025-12-31T23:59:59Z',
    2,
    'Ed',
    'Nye',
    [red, blue],
  ],
  [
    6,
    'back\\slash',
    'S\\1',
    0,
    '3.00',
    true,
    '2020-06-30',
    '2026-06-30T12:30:45Z',
    null,
    'Fay',
    'Orr',
    [blue],
  ],
  [
    7,
    "O'Brien",
    "O'1",
    -3,
    '4.75',
    true,
    '2024-02-29',
    '2026-11-23T00:30:00+02:00',
    1,
    'Gus',
    'Poe',
    [hot, cold],
  ],
  [8, '  padded  ', ' P ', 8, '5.50', false, null, '2026-03-15T10:00:00Z', 2, 'Hal', 'Quo', []],
  [
    9,
    'Ärger',
    'Ä-9',
    9,
    '6.00',
    true,
    '2023-07-04',
    '2026-07-04T04:04:04Z',
    1,
    'Ida',
    'Roe',
    [cold],
  ],
  [
    10,
    'Delta',
    'D-10',
    100,
    '7.25',
    true,
    '2026-11-22',
    '2026-11-22T00:00:00Z',
    2,
    'Jo',
    'Sun',
    [hot, cold, red, blue],
  ],
];
/** Items 11 to 30: qty and price are the id, even ones active, every third one Hot. */
const filler = Array.from({ length: 20 }, (_, index): [...Item, ...ItemMore] => {
  const id = index + 11;
  const day = String(id - 10).padStart(2, '0');
  return [
    id,
    `Item ${id}`,
    `I-${id}`,
    id,
    `${id}.00`,
    id % 2 === 0,
    id % 5 === 0 ? null : `2025-01-${day}`,
    `2025-06-${day}T12:00:00Z`,
    (id % 2) + 1,
    `F${id}`,
    `S${id}`,
    id % 3 === 0 ? [hot] : [],
  ];
});

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);
const allIds = range(1, 30);
const without = (...ids: number[]) => allIds.filter((id) => !ids.includes(id));

let database: TestDatabase;

async function createFixtures(db: TestDatabase['db']) {
  await sql`create table odata_fixture_categories (id integer primary key, name text not null)`.execute(
    db,
  );
  await sql`create table odata_fixture_items (
    id integer primary key, name text not null, code text, qty integer, price numeric(10, 2),
    active boolean not null, born date, created_at timestamptz not null,
    category_id integer references odata_fixture_categories (id),
    first_name text not null, surname text, secret text not null default 'hidden',
    version integer not null default 1)`.execute(db);
  await sql`create table odata_fixture_tags (id integer primary key, name text not null, weight integer)`.execute(
    db,
  );
  await sql`create table odata_fixture_item_tags (
    item_id integer not null references odata_fixture_items (id),
    tag_id integer not null references odata_fixture_tags (id),
    primary key (item_id, tag_id))`.execute(db);
  await sql`insert into odata_fixture_categories values (1, 'Asphalt'), (2, 'Binder')`.execute(db);
  await sql`insert into odata_fixture_tags values (1, 'Hot', 3), (2, 'Cold', 1), (3, 'Red', null), (4, 'Blue', 2)`.execute(
    db,
  );
  for (const row of [...special, ...filler]) {
    const tags = row[11];
    const values = row.slice(0, 11);
    await sql`insert into odata_fixture_items (id, name, code, qty, price, active, born, created_at,
      category_id, first_name, surname) values (${sql.join(values)})`.execute(db);
    for (const tag of tags) {
      await sql`insert into odata_fixture_item_tags values (${row[0]}, ${tag})`.execute(db);
    }
  }
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await createFixtures(database.db);
});

afterAll(async () => {
  await database?.dispose();
});

function list(params: ODataParams, options?: ListOptions) {
  return listRows(database.db, storage, parseODataQuery(params, model), options);
}

async function ids(filter: string, orderby = 'Id') {
  const { rows } = await list({ $filter: filter, $orderby: orderby, $select: 'Id' });
  return rows.map((row) => row.Id);
}

describe('listRows paging, sorting and counting', () => {
  it('sorts by several keys, null first ascending and last descending, and pages', async () => {
    const page = async (params: ODataParams) => (await list({ ...params, $select: 'Id' })).rows;
    expect(await page({ $orderby: 'Qty desc', $top: '5' })).toEqual(
      [10, 30, 29, 28, 27].map((Id) => ({ Id, Version: 1 })),
    );
    expect((await page({ $orderby: 'Qty desc', $skip: '27' })).map((row) => row.Id)).toEqual([
      6, 7, 3,
    ]);
    expect((await page({ $orderby: 'Qty', $top: '2' })).map((row) => row.Id)).toEqual([3, 7]);
    expect((await page({ $orderby: 'Category,Qty desc', $top: '6' })).map((row) => row.Id)).toEqual(
      [6, 3, 30, 28, 26, 24],
    );
  });

  it('pages stably through ties by appending the key', async () => {
    const seen: unknown[] = [];
    for (let skip = 0; skip < 30; skip += 7) {
      const { rows } = await list({ $orderby: 'Active', $top: '7', $skip: String(skip) });
      seen.push(...rows.map((row) => row.Id));
    }
    const inactive = [3, 5, 8, ...range(11, 29).filter((id) => id % 2 === 1)];
    const active = [1, 2, 4, 6, 7, 9, 10, ...range(12, 30).filter((id) => id % 2 === 0)];
    expect(seen).toEqual([...inactive, ...active]);
  });

  it('counts the filtered rows when asked, also for an empty page', async () => {
    const { count, rows } = await list({ $filter: 'Active', $count: 'true', $top: '2' });
    expect(count).toBe(17);
    expect(rows.map((row) => row.Id)).toEqual([1, 2]);
    expect(await list({ $filter: 'Active', $count: 'true', $top: '0' })).toEqual({
      count: 17,
      rows: [],
    });
    expect((await list({ $filter: 'Active', $top: '1' })).count).toBeNull();
  });

  it('answers every stored field and the collections, keyed by field name', async () => {
    const { rows } = await list({ $filter: 'Id eq 1 or Id eq 3' });
    expect(rows).toEqual([
      {
        Id: 1,
        Name: 'Alpha',
        Code: 'A-1',
        Qty: 10,
        Price: 1.5,
        Active: true,
        Born: '2020-01-15',
        CreatedAt: new Date('2026-11-22T08:00:00Z'),
        Category: 'Asphalt',
        FullName: 'Ann Lee',
        Version: 1,
        Tags: [
          { Name: 'Hot', Weight: 3 },
          { Name: 'Red', Weight: null },
        ],
      },
      {
        Id: 3,
        Name: 'Gamma',
        Code: null,
        Qty: null,
        Price: null,
        Active: false,
        Born: null,
        CreatedAt: new Date('2026-11-21T12:00:00Z'),
        Category: null,
        FullName: 'Cy',
        Version: 1,
        Tags: [],
      },
    ]);
  });

  it('narrows to $select and to the caller’s fields, always keeping key and version', async () => {
    const filter = { $filter: 'Id eq 10' };
    expect((await list({ ...filter, $select: 'Name' })).rows).toEqual([
      { Id: 10, Name: 'Delta', Version: 1 },
    ]);
    expect((await list({ ...filter, $select: 'Tags' })).rows).toEqual([
      {
        Id: 10,
        Version: 1,
        Tags: ['Blue', 'Cold', 'Hot', 'Red'].map((Name) => ({
          Name,
          Weight: { Blue: 2, Cold: 1, Hot: 3, Red: null }[Name],
        })),
      },
    ]);
    expect((await list(filter, { select: ['Code', 'Name'] })).rows).toEqual([
      { Id: 10, Name: 'Delta', Code: 'D-10', Version: 1 },
    ]);
    expect((await list({ ...filter, $select: 'Name,Qty' }, { select: ['Qty'] })).rows).toEqual([
      { Id: 10, Qty: 100, Version: 1 },
    ]);
  });

  it('reads snake_case columns as written; the CamelCasePlugin turns camelCase ones into snake_case', async () => {
    const camel: EntityStorage = {
      table: 'odata_fixture_items',
      key: 'id',
      versionColumn: 'version',
      fields: {
        Id: 'id',
        CreatedAt: 'createdAt',
        FullName: { concat: ['firstName', 'surname'], separator: ' ' },
      },
    };
    const query = parseODataQuery(
      { $filter: "FullName eq 'Ann Lee'", $orderby: 'CreatedAt' },
      model,
    );
    expect((await listRows(database.db, camel, query)).rows).toEqual([
      { Id: 1, CreatedAt: new Date('2026-11-22T08:00:00Z'), FullName: 'Ann Lee' },
    ]);
  });

  it('answers the same without the CamelCasePlugin, as the engine calls it', async () => {
    const plain = database.db.withoutPlugins();
    const params = {
      $filter: "Tags/any(t: t/Name eq 'Hot') and Category ne null and contains(FullName, ' ')",
      $orderby: 'CreatedAt desc',
      $count: 'true',
    };
    const query = parseODataQuery(params, model);
    const withPlugin = await listRows(database.db, storage, query);
    expect(withPlugin.rows.map((row) => row.Id)).toEqual([7, 1, 10, 4, 30, 27, 24, 21, 18, 15, 12]);
    expect(await listRows(plain, storage, query)).toEqual(withPlugin);
    expect(await distinctValues(plain, storage, 'Category', 'b', 10)).toEqual(['Binder']);
  });

  it('restricts rows by the caller’s baseWhere, in the count too', async () => {
    const options: ListOptions = {
      baseWhere: (eb) => eb(sql.ref('odata_fixture_items.category_id'), '=', 2),
    };
    const { count, rows } = await list(
      { $filter: 'Active', $count: 'true', $select: 'Id' },
      options,
    );
    expect(count).toBe(2);
    expect(rows.map((row) => row.Id)).toEqual([2, 10]);
  });
});

describe('listRows filters', () => {
  it.each([
    ["Name eq 'Alpha'", [1]],
    ["Name eq 'alpha'", []],
    ["tolower(Name) eq 'alpha'", [1]],
    ["toupper(Name) eq 'BETA'", [2]],
    ["Name gt 'Item 29' and Name lt 'Item 31'", [30]],
    ["Name eq 'x''; drop table odata_fixture_items; --'", []],
    ['Qty gt 20', [10, ...range(21, 30)]],
    ['Qty ge 20', [2, 10, ...range(20, 30)]],
    ['Qty lt 0', [7]],
    ['Qty le 0', [6, 7]],
    ['Qty ne 10', without(1)],
    ['Qty eq null', [3]],
    ['Qty ne null', without(3)],
    ['not (Qty gt 5)', [3, 4, 6, 7]],
    ['not (Qty gt 5) and not (Qty lt 0)', [3, 4, 6]],
    ['Qty gt 4.5 and Qty lt 7.5', [4, 5]],
    ['Price eq 2.25', [2]],
    ['Price lt 1', [5]],
    ['Price ge 29.5', [30]],
    ['Active', [1, 2, 4, 6, 7, 9, 10, ...range(12, 30).filter((id) => id % 2 === 0)]],
    ['not Active and Id lt 11', [3, 5, 8]],
    ['Active eq false and Id lt 11', [3, 5, 8]],
    ["Code eq null or Code eq 'A-1'", [1, 3]],
    ["Code ne 'A-1'", without(1)],
    ['Qty eq 10 or Qty eq 20 and Active eq false', [1]],
    ['(Qty eq 10 or Qty eq 20) and Active', [1, 2, 20]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it.each([
    ["contains(Name, '%')", [4]],
    ["contains(Name, '_')", [5]],
    ["contains(Name, '\\')", [6]],
    ["contains(Name, '''')", [7]],
    ["startswith(Name, '100%')", [4]],
    ["endswith(Name, '_score')", [5]],
    ["endswith(Code, '_1')", [5]],
    ["contains(Code, '%1')", [4]],
    ["startswith(Name, 'Item 1')", range(11, 19)],
    ["contains('AU11', Code)", []],
    ["contains('xP%1y', Code)", [4]],
    ["contains('S\\1!', Code)", [6]],
    ['contains(Name, Code)', []],
    ['contains(Code, Code)', without(3)],
    ["not contains(Code, '-')", [3, 4, 5, 6, 7, 8]],
    ['length(Name) eq 5', [1, 3, 9, 10]],
    ['length(Name) eq 10', [6, 8]],
    ["trim(Name) eq 'padded'", [8]],
    ["trim(Code) eq 'P'", [8]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it.each([
    ['Born eq 2026-11-22', [10]],
    ['Born lt 2020-01-01', [5]],
    ['Born eq null', [3, 8, 15, 20, 25, 30]],
    ['year(Born) eq 2020', [1, 6]],
    ['month(Born) eq 2 and day(Born) eq 29', [7]],
    ['CreatedAt ge 2026-11-22T00:00:00Z', [1, 2, 7, 10]],
    ['CreatedAt gt 2026-11-22T01:00:00+02:00', [1, 2, 7, 10]],
    ['CreatedAt gt 2026-11-22T07:59:59.999Z and CreatedAt lt 2026-11-22T08:00:00.001Z', [1]],
    ['date(CreatedAt) eq 2026-11-22', [1, 2, 7, 10]],
    ['hour(CreatedAt) eq 22', [7]],
    ['minute(CreatedAt) eq 30', [2, 6, 7]],
    ['second(CreatedAt) eq 45', [6]],
    ['second(CreatedAt) eq 59', [5]],
    ['CreatedAt lt 2026-01-01', [5, ...range(11, 30)]],
    ['CreatedAt eq 2026-01-01', [4]],
    ['Born ge 2026-11-22T00:00:00Z', [10]],
    ['Born gt 2026-11-21T23:00:00-02:00', []],
    ['date(CreatedAt) eq Born', [10]],
    ['year(CreatedAt) eq 2025', [5, ...range(11, 30)]],
    ['CreatedAt lt now() or CreatedAt ge now()', allIds],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it('reads date and time parts in UTC whatever the session time zone', async () => {
    const query = parseODataQuery({ $filter: 'year(CreatedAt) eq 2025 and Id lt 11' }, model);
    const rows = await database.db.transaction().execute(async (trx) => {
      await sql`set local time zone 'Pacific/Kiritimati'`.execute(trx);
      return (await listRows(trx, storage, query)).rows;
    });
    expect(rows.map((row) => row.Id)).toEqual([5]);
  });

  it.each([
    ["Category eq 'Asphalt'", [1, 4, 7, 9, ...range(12, 30).filter((id) => id % 2 === 0)]],
    ['Category eq null', [3, 6]],
    ["FullName eq 'Ann Lee'", [1]],
    ["FullName eq 'Cy'", [3]],
    ["startswith(FullName, 'F1')", range(11, 19)],
  ])('%s (lookup and concatenated fields)', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it.each([
    ["Tags/any(t: t/Name eq 'Cold')", [2, 7, 9, 10]],
    ['Tags/any()', [1, 2, 4, 5, 6, 7, 9, 10, 12, 15, 18, 21, 24, 27, 30]],
    ['not Tags/any()', [3, 8, 11, 13, 14, 16, 17, 19, 20, 22, 23, 25, 26, 28, 29]],
    ['Tags/all(t: t/Weight ge 2)', without(1, 2, 5, 7, 9, 10)],
    ['Tags/all(t: t/Weight ne 1)', without(2, 7, 9, 10)],
    ['Tags/any(t: t/Weight eq null)', [1, 5, 10]],
    ["Tags/any(t: t/Name eq 'Hot' and Qty lt 10)", [4, 7]],
    ["Tags/any(t: t/Name eq 'Hot') and Tags/any(t: t/Name eq 'Cold')", [7, 10]],
    ['Tags/any(t: Tags/any(u: u/Weight gt t/Weight))', [7, 10]],
    ["not Tags/all(t: t/Name ne 'Red')", [1, 5, 10]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });
});

describe('distinctValues', () => {
  const values = (field: string, search: string | null, limit = 200) =>
    distinctValues(database.db, storage, field, search, limit);

  it('lists distinct non-null values, sorted, searched ignoring case, limited', async () => {
    expect(await values('Category', null)).toEqual(['Asphalt', 'Binder']);
    expect(await values('Name', 'ALP')).toEqual(['Alpha']);
    expect(await values('Name', '%')).toEqual(['100% pure']);
    expect(await values('Code', '_')).toEqual(['U_1']);
    expect(await values('Code', '\\')).toEqual(['S\\1']);
    expect(await values('Qty', null, 3)).toEqual([-3, 0, 5]);
    expect(await values('Qty', '1', 5)).toEqual([10, 11, 12, 13, 14]);
    expect(await values('Active', null)).toEqual([false, true]);
    expect(await values('Born', null, 2)).toEqual(['2019-12-31', '2020-01-15']);
    expect(await values('Code', null, 10_000)).toHaveLength(29);
    expect(await values('Qty', null, 0)).toEqual([-3]);
  });

  it('honours baseWhere and refuses fields without storage', async () => {
    const found = await distinctValues(database.db, storage, 'Category', null, 10, {
      baseWhere: (eb) => eb(sql.ref('odata_fixture_items.active'), '=', false),
    });
    expect(found).toEqual(['Binder']);
    await expect(values('Secret', null)).rejects.toBeInstanceOf(ODataError);
  });
});

describe('storageModel', () => {
  it('closes fields without storage to sorting and filtering', () => {
    expect(model.fields.Secret).toMatchObject({ sortable: false, filterable: false });
    expect(model.fields.Category).toMatchObject({ sortable: true, filterable: true });
    expect(() => parseODataQuery({ $filter: "Secret eq 'x'" }, model)).toThrow(
      "$filter: cannot filter by 'Secret' at position 1",
    );
  });
});

// Differential check: random filters select in SQL exactly the rows OData semantics select,
// evaluated here in plain TypeScript over the same fixture rows.
type Value = string | number | boolean | null;
type Tag = { Name: string; Weight: number | null };
type Row = Record<string, Value> & { Tags?: never };

const tagRows: Record<number, Tag> = {
  [hot]: { Name: 'Hot', Weight: 3 },
  [cold]: { Name: 'Cold', Weight: 1 },
  [red]: { Name: 'Red', Weight: null },
  [blue]: { Name: 'Blue', Weight: 2 },
};
const day = 86_400_000;
const fixture = [...special, ...filler].map((item) => {
  const [id, name, code, qty, price, active, born, created, category, first, surname, tags] = item;
  const row: Row = {
    Id: id,
    Name: name,
    Code: code,
    Qty: qty,
    Price: price === null ? null : Number(price),
    Active: active,
    Born: born === null ? null : Date.parse(`${born}T00:00:00Z`),
    CreatedAt: Date.parse(created),
    Category: category === null ? null : ['Asphalt', 'Binder'][category - 1]!,
    FullName: [first, surname].filter((part) => part !== null).join(' '),
  };
  return { row, tags: tags.map((tag) => tagRows[tag]!) };
});

type Fixture = (typeof fixture)[number];
type Variables = Record<string, Tag>;

/** A number rounded half away from zero, as OData's round and PostgreSQL's numeric round are. */
const roundHalfAway = (n: number) => Math.sign(n) * Math.round(Math.abs(n));
const chars = (text: string) => [...text];

function callValue(node: Extract<FilterNode, { kind: 'call' }>, args: Value[]): Value {
  if (args.some((arg) => arg === null)) return null;
  const [a, b, c] = args as [never, never, never];
  const text = a as string;
  const utc = () => new Date(a as number);
  switch (node.name) {
    case 'indexof': {
      const at = text.indexOf(b);
      return at < 0 ? -1 : chars(text.slice(0, at)).length;
    }
    case 'substring': {
      const start = Math.max(0, b as number);
      const end = args.length > 2 ? start + Math.max(0, c as number) : undefined;
      return chars(text).slice(start, end).join('');
    }
    case 'concat':
      return text + (b as string);
    case 'time':
      return ((a as number) % day) / 1000;
    case 'round':
      return roundHalfAway(a);
    case 'floor':
      return Math.floor(a);
    case 'ceiling':
      return Math.ceil(a);
    case 'contains':
      return text.includes(b);
    case 'startswith':
      return text.startsWith(b);
    case 'endswith':
      return text.endsWith(b);
    case 'tolower':
      return text.toLowerCase();
    case 'toupper':
      return text.toUpperCase();
    case 'trim':
      return text.replace(/^ +| +$/g, '');
    case 'length':
      return [...text].length;
    case 'year':
      return utc().getUTCFullYear();
    case 'month':
      return utc().getUTCMonth() + 1;
    case 'day':
      return utc().getUTCDate();
    case 'hour':
      return utc().getUTCHours();
    case 'minute':
      return utc().getUTCMinutes();
    case 'second':
      return utc().getUTCSeconds();
    case 'date':
      return Math.floor((a as number) / day) * day;
    case 'now':
      return Date.now();
  }
}

function arithmeticValue(op: string, a: Value, b: Value, whole: boolean): Value {
  if (a === null || b === null) return null;
  const [x, y] = [a as number, b as number];
  if ((op === 'div' || op === 'mod') && y === 0) return null;
  if (op === 'add') return x + y;
  if (op === 'sub') return x - y;
  if (op === 'mul') return x * y;
  if (op === 'div') return whole ? Math.trunc(x / y) : x / y;
  return x % y;
}

function compareValues(op: string, a: Value, b: Value, nullLiteral: boolean): boolean {
  if (nullLiteral || a === null || b === null) {
    if (op === 'eq') return a === b;
    if (op === 'ne') return a !== b;
    return false;
  }
  const [x, y] = [a as number, b as number];
  return { eq: x === y, ne: x !== y, gt: x > y, ge: x >= y, lt: x < y, le: x <= y }[op]!;
}

function evaluate(node: FilterNode, item: Fixture, variables: Variables): Value {
  switch (node.kind) {
    case 'and':
      return node.operands.every((operand) => evaluate(operand, item, variables) === true);
    case 'or':
      return node.operands.some((operand) => evaluate(operand, item, variables) === true);
    case 'not':
      return evaluate(node.operand, item, variables) !== true;
    case 'compare': {
      const nullLiteral = [node.left, node.right].some(
        (side) => side.kind === 'literal' && side.type === 'null',
      );
      const [a, b] = [evaluate(node.left, item, variables), evaluate(node.right, item, variables)];
      return compareValues(node.op, a, b, nullLiteral);
    }
    case 'lambda': {
      const test = (tag: Tag) =>
        evaluate(node.predicate!, item, { ...variables, [node.variable!]: tag }) === true;
      if (node.predicate === null) return item.tags.length > 0;
      return node.quantifier === 'any' ? item.tags.some(test) : item.tags.every(test);
    }
    case 'literal':
      if (node.type === 'date') return Date.parse(`${node.value}T00:00:00Z`);
      if (node.type === 'datetime') return Date.parse(node.value);
      if (node.type === 'time') {
        const [h, m, sec] = node.value.split(':').map(Number);
        return h! * 3600 + m! * 60 + (sec ?? 0);
      }
      return node.value;
    case 'field':
      return item.row[node.name]!;
    case 'itemField':
      return variables[node.variable]![node.name as keyof Tag];
    case 'call':
      return callValue(
        node,
        node.args.map((arg) => evaluate(arg, item, variables)),
      );
    case 'arithmetic': {
      const [a, b] = [evaluate(node.left, item, variables), evaluate(node.right, item, variables)];
      return arithmeticValue(node.op, a, b, node.type === 'integer');
    }
    case 'in': {
      if ('variable' in node) throw new Error('no filter variables here');
      const operand = evaluate(node.operand, item, variables);
      return node.values.some((value) => {
        const listed = evaluate(value, item, variables);
        return operand !== null && listed === operand;
      });
    }
    case 'variable':
      throw new Error('no filter variables here');
  }
}

type Scope = readonly string[];
const texts = ["'Alpha'", "'alpha'", "'%'", "'_'", "'\\'", "''''", "'Item 1'", "' '", "'a'"];
const moreTexts = ["'Ä'", "''", "'Hot'", "'Cold'", "'Ann Lee'", "'Asphalt'", "'P'", "'1'"];
const dates = ['2020-01-15', '2026-11-22', '2025-01-05', '2019-12-31', '2026-01-01'];
const instants = ['2026-11-22T08:00:00Z', '2026-01-01T00:00:00Z', '2026-11-23T00:30:00+02:00'];

function textValue(depth: number, scope: Scope): fc.Arbitrary<string> {
  const leaves = [
    fc.constantFrom('Name', 'Code', 'Category', 'FullName', ...scope.map((v) => `${v}/Name`)),
    fc.constantFrom(...texts, ...moreTexts),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const call = fc.tuple(fc.constantFrom('tolower', 'toupper', 'trim'), textValue(depth - 1, scope));
  const inner = () => textValue(depth - 1, scope);
  const whole = () => wholeValue(depth - 1, scope);
  return fc.oneof(
    ...leaves,
    call.map(([fn, arg]) => `${fn}(${arg})`),
    fc.tuple(inner(), inner()).map(([x, y]) => `concat(${x}, ${y})`),
    fc.tuple(inner(), whole()).map(([x, start]) => `substring(${x}, ${start})`),
    fc.tuple(inner(), whole(), whole()).map(([x, at, n]) => `substring(${x}, ${at}, ${n})`),
  );
}

/** Whole numbers only: arithmetic on them is exact here and in the database alike. */
function wholeValue(depth: number, scope: Scope): fc.Arbitrary<string> {
  const leaves = [
    fc.constantFrom('Id', 'Qty', ...scope.map((v) => `${v}/Weight`)),
    fc.integer({ min: -5, max: 12 }).map(String),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const inner = () => wholeValue(depth - 1, scope);
  const text = () => textValue(depth - 1, scope);
  return fc.oneof(
    ...leaves,
    fc
      .tuple(inner(), fc.constantFrom('add', 'sub', 'mul', 'div', 'mod'), inner())
      .map(([x, op, y]) => `(${x} ${op} ${y})`),
    fc.tuple(text(), text()).map(([x, y]) => `indexof(${x}, ${y})`),
  );
}

function numberValue(depth: number, scope: Scope): fc.Arbitrary<string> {
  const leaves = [
    fc.constantFrom('Id', 'Qty', 'Price', ...scope.map((v) => `${v}/Weight`)),
    fc.integer({ min: -5, max: 110 }).map(String),
    fc.constantFrom('2.25', '0.99', '29.5', '1.5', '-3.0'),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const part = (fns: string[], arg: fc.Arbitrary<string>) =>
    fc.tuple(fc.constantFrom(...fns), arg).map(([fn, a]) => `${fn}(${a})`);
  return fc.oneof(
    ...leaves,
    textValue(depth - 1, scope).map((arg) => `length(${arg})`),
    part(['year', 'month', 'day'], dateValue(depth - 1)),
    part(['hour', 'minute', 'second'], instantValue()),
    part(['round', 'floor', 'ceiling'], numberValue(depth - 1, scope)),
    wholeValue(depth - 1, scope),
  );
}

function dateValue(depth: number): fc.Arbitrary<string> {
  const leaves = [fc.constant('Born'), fc.constantFrom(...dates)];
  if (depth <= 0) return fc.oneof(...leaves);
  return fc.oneof(
    ...leaves,
    instantValue().map((arg) => `date(${arg})`),
  );
}

function instantValue(): fc.Arbitrary<string> {
  return fc.oneof(fc.constant('CreatedAt'), fc.constantFrom(...instants));
}

const conditions = new Map<string, fc.Arbitrary<string>>();

/** Built once per depth and scope: building them afresh each time is exponential. */
function randomCondition(depth: number, scope: Scope): fc.Arbitrary<string> {
  const key = `${depth}:${scope.join()}`;
  if (!conditions.has(key)) conditions.set(key, buildCondition(depth, scope));
  return conditions.get(key)!;
}

function buildCondition(depth: number, scope: Scope): fc.Arbitrary<string> {
  const op = fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le');
  const pair = (a: fc.Arbitrary<string>, o: fc.Arbitrary<string>, b: fc.Arbitrary<string>) =>
    fc.tuple(a, o, b).map(([x, y, z]) => `${x} ${y} ${z}`);
  const temporal = fc.oneof(dateValue(depth - 1), instantValue());
  // Never-null fields too: `eq null` holds for none of their rows, `ne null` for all.
  const nullable = [
    ...['Code', 'Qty', 'Price', 'Born', 'Category', 'Name', 'Id', 'CreatedAt'],
    ...scope.map((v) => `${v}/Weight`),
  ];
  const leaves = [
    fc.constantFrom('Active', 'Tags/any()'),
    pair(fc.constantFrom(...nullable), fc.constantFrom('eq', 'ne'), fc.constant('null')),
    // Strings compare with eq and ne only: order depends on the database's collation.
    pair(textValue(depth - 1, scope), fc.constantFrom('eq', 'ne'), textValue(depth - 1, scope)),
    pair(numberValue(depth - 1, scope), op, numberValue(depth - 1, scope)),
    pair(temporal, op, temporal),
    pair(
      instantValue().map((arg) => `time(${arg})`),
      op,
      fc.constantFrom('08:00', '00:30:00'),
    ),
    fc
      .tuple(
        fc.constantFrom('contains', 'startswith', 'endswith'),
        textValue(depth - 1, scope),
        textValue(depth - 1, scope),
      )
      .map(([fn, a, b]) => `${fn}(${a}, ${b})`),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const sub = () => randomCondition(depth - 1, scope);
  const variable = ['t', 'u'].find((name) => !scope.includes(name));
  const compound = [
    fc.tuple(sub(), fc.constantFrom('and', 'or'), sub()).map(([a, o, b]) => `(${a}) ${o} (${b})`),
    sub().map((inner) => `not (${inner})`),
    fc.tuple(sub(), fc.constantFrom('eq', 'ne'), sub()).map(([a, o, b]) => `(${a}) ${o} (${b})`),
  ];
  if (variable) {
    const inner = randomCondition(depth - 1, [...scope, variable]);
    const lambda = fc.tuple(fc.constantFrom('any', 'all'), inner);
    compound.push(lambda.map(([q, p]) => `Tags/${q}(${variable}: ${p})`));
  }
  return fc.oneof(...leaves, ...compound, ...compound);
}

describe('random filters', () => {
  it('select in SQL exactly the rows OData semantics select', { timeout: 300_000 }, async () => {
    const limits = { maxFilterNodes: 10_000 };
    const filters = fc.integer({ min: 1, max: 4 }).chain((depth) => randomCondition(depth, []));
    await fc.assert(
      fc.asyncProperty(filters, async (text) => {
        const query = parseODataQuery({ $filter: text, $select: 'Id' }, model, limits);
        const { rows } = await listRows(database.db, storage, query);
        const expected = fixture.filter((item) => evaluate(query.filter!, item, {}) === true);
        expect(rows.map((row) => row.Id)).toEqual(expected.map((item) => item.row.Id));
      }),
      { numRuns: 300, timeout: 5000 },
    );
  });
});
