import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceView } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  changeLogOf,
  checksOf,
  columnNameOf,
  columnOf,
  columnsOf,
  constraintsOf,
  createSource,
  editOf,
  errorOf,
  indexesOf,
  insertRow,
  metadataOf,
  postSource,
  propertiesOf,
  putSource,
  readSource,
  rowsUrl,
  sameAppInTimeZone,
  type SaveBody,
  snapshotOf,
  storedRows,
  tableExists,
  tableShapeOf,
  userTables,
} from '../support/user-tables';

/**
 * The data source designer over HTTP: each definition saved is a real table in schema `udt`,
 * created and altered in the same transaction as its metadata, and a change the data does not
 * allow is refused with the field and the values in the way, leaving both halves as they were.
 */

let t: TestApp;
let client: ApiClient;

type Fields = Record<string, Record<string, unknown>>;

const schemaOf = (properties: Fields, required?: string[]) => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});

/** A data source with these fields and rows (inserted through the API), read back to edit. */
async function sourceWithRows(
  name: string,
  properties: Fields,
  rows: Record<string, unknown>[],
): Promise<DataSourceView> {
  const view = await createSource(client, { Name: name, SchemaDefinition: schemaOf(properties) });
  for (const row of rows) await insertRow(client, view.Id, row);
  return readSource(client, view.Id);
}

/** The read definition with some fields' schemas changed (a field set to null is removed). */
function withFields(
  view: DataSourceView,
  changes: Record<string, Record<string, unknown> | null>,
): SaveBody {
  const properties: Fields = structuredClone(propertiesOf(view));
  for (const [name, change] of Object.entries(changes)) {
    if (change === null) delete properties[name];
    else properties[name] = { ...properties[name], ...change };
  }
  return editOf(view, { SchemaDefinition: { ...view.SchemaDefinition, properties } });
}

/** How many data sources there are, built-in ones included. */
async function sourceCount(): Promise<number> {
  const rows = await t.database.db.selectFrom('dataSources').select('id').execute();
  return rows.length;
}

/** The 400 of a refused save, and proof that neither the definition nor the table changed. */
async function expectRefusedUnchanged(view: DataSourceView, body: SaveBody) {
  const before = await snapshotOf(t, view.Id);
  const response = await putSource(client, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(await snapshotOf(t, view.Id)).toEqual(before);
  expect((await readSource(client, view.Id)).Version).toBe(view.Version);
  return errorOf(response);
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

describe('creating a data source', () => {
  const inspections: SaveBody = {
    Name: 'Inspections',
    PrimaryKeyField: 'Code',
    SchemaDefinition: schemaOf(
      {
        Code: { type: 'string', pattern: '^[A-Z]{2}[0-9]+$', minLength: 3, maxLength: 10 },
        Title: { type: 'string', default: 'Untitled' },
        Passed: { type: 'boolean', default: false },
        InspectedOn: { type: 'string', format: 'date', default: '2024-01-01' },
        StartedAt: { type: 'string', format: 'date-time' },
        Grade: { type: 'string', enum: ['A', 'B', 'C'], default: 'B' },
        Score: { type: 'integer', minimum: 0, maximum: 100 },
        Weight: { type: 'number', minimum: 0.5, maximum: 99.5, default: 1.5 },
        Serial: { type: 'string', 'x-unique': true },
        Photos: {
          type: 'array',
          maxItems: 3,
          items: {
            type: 'object',
            properties: { Caption: { type: 'string' } },
            required: ['Caption'],
          },
        },
        Site: { type: 'object', properties: { Name: { type: 'string' } } },
      },
      ['Code', 'Title', 'Score'],
    ),
  };

  it('creates a table with a column per field type, its rules, its key and its indexes', async () => {
    const response = await postSource(client, inspections);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<DataSourceView>();
    const id = view.Id;
    expect(id).toBeGreaterThanOrEqual(1000);
    expect(view).toMatchObject({
      Name: 'Inspections',
      IsVirtual: false,
      IsSystem: false,
      PrimaryKeyField: 'Code',
      RowCount: 0,
      GridPages: [],
      Version: 1,
    });
    // Every top-level field got its column id, in the designer's order.
    const fields = Object.entries(propertiesOf(view));
    expect(fields.map(([name]) => name)).toEqual(
      Object.keys(inspections.SchemaDefinition.properties as object),
    );
    expect(fields.map(([, field]) => field['x-field-id'])).toEqual(fields.map((_, i) => i + 1));
    const c = (field: string) => columnNameOf(view, field);

    expect(await columnsOf(t, id)).toEqual([
      { name: 'id', type: 'integer', nullable: false, default: null },
      { name: c('Code'), type: 'text', nullable: false, default: null },
      { name: c('Title'), type: 'text', nullable: false, default: "'Untitled'::text" },
      { name: c('Passed'), type: 'boolean', nullable: true, default: 'false' },
      { name: c('InspectedOn'), type: 'date', nullable: true, default: "'2024-01-01'::date" },
      { name: c('StartedAt'), type: 'timestamp with time zone', nullable: true, default: null },
      { name: c('Grade'), type: 'text', nullable: true, default: "'B'::text" },
      { name: c('Score'), type: 'bigint', nullable: false, default: null },
      { name: c('Weight'), type: 'numeric', nullable: true, default: '1.5' },
      { name: c('Serial'), type: 'text', nullable: true, default: null },
      { name: c('Photos'), type: 'jsonb', nullable: true, default: null },
      { name: c('Site'), type: 'jsonb', nullable: true, default: null },
      { name: 'created_at', type: 'timestamp with time zone', nullable: false, default: 'now()' },
      { name: 'created_by', type: 'integer', nullable: true, default: null },
      { name: 'updated_at', type: 'timestamp with time zone', nullable: false, default: 'now()' },
      { name: 'updated_by', type: 'integer', nullable: true, default: null },
      { name: 'version', type: 'integer', nullable: false, default: '1' },
    ]);

    const table = `t${id}`;
    expect(await checksOf(t, id)).toEqual({
      [`${table}_${c('Code')}_check`]: `CHECK (((char_length(${c('Code')}) >= 3) AND (char_length(${c('Code')}) <= 10) AND (${c('Code')} ~ '^[A-Z]{2}[0-9]+$'::text)))`,
      [`${table}_${c('Grade')}_check`]: `CHECK ((${c('Grade')} = ANY (ARRAY['A'::text, 'B'::text, 'C'::text])))`,
      [`${table}_${c('Score')}_check`]: `CHECK (((${c('Score')} >= 0) AND (${c('Score')} <= 100)))`,
      [`${table}_${c('Weight')}_check`]: `CHECK (((${c('Weight')} >= 0.5) AND (${c('Weight')} <= 99.5)))`,
      [`${table}_${c('Photos')}_check`]: `CHECK ((jsonb_array_length(${c('Photos')}) <= 3))`,
    });
    const keys = (await constraintsOf(t, id)).filter((k) => k.type !== 'CHECK');
    expect(keys).toEqual([
      {
        name: `${table}_${c('Serial')}_key`,
        type: 'UNIQUE',
        definition: `UNIQUE (${c('Serial')})`,
      },
      { name: `${table}_id_key`, type: 'UNIQUE', definition: 'UNIQUE (id)' },
      { name: `${table}_pkey`, type: 'PRIMARY KEY', definition: `PRIMARY KEY (${c('Code')})` },
    ]);
    // In the engine's order: an optional field's nulls first (a required one has none).
    const notNull = new Set(
      (await columnsOf(t, id)).filter((column) => !column.nullable).map((column) => column.name),
    );
    const scalar = fields
      .map(([name]) => name)
      .filter((name) => name !== 'Photos' && name !== 'Site')
      .map(c);
    const indexes = (await indexesOf(t, id)).filter((index) => index.name.endsWith('_idx'));
    expect(indexes.map((index) => index.definition).sort()).toEqual(
      scalar
        .map(
          (column) =>
            `CREATE INDEX ${table}_${column}_idx ON udt.${table} USING btree (${column}${notNull.has(column) ? '' : ' NULLS FIRST'}, id)`,
        )
        .sort(),
    );

    const stored = await metadataOf(t, id);
    expect(stored).toMatchObject({
      name: 'Inspections',
      version: 1,
      primaryKeyField: 'Code',
      uniqueFields: ['Code', 'Serial'],
      nextFieldId: 12,
      schemaDefinition: view.SchemaDefinition,
      storage: { table: `udt.${table}`, key: 'id', versionColumn: 'version' },
    });
    expect(await changeLogOf(t, 'DataSource', id)).toMatchObject([
      { actionType: 0, userName: 'admin' },
    ]);
  });

  it('answers a blank definition for id 0', async () => {
    const blank = await client.get('admin', '/api/dataSources/0');
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toEqual({
      Id: 0,
      Name: '',
      IsVirtual: false,
      PrimaryKeyField: 'Id',
      SchemaDefinition: { type: 'object', properties: {} },
      FormDefinition: null,
      Permissions: {
        read: 'ManageDataSources',
        create: 'ManageDataSources',
        update: 'ManageDataSources',
        delete: 'ManageDataSources',
      },
      IsSystem: false,
      RowCount: 0,
      GridPages: [],
      Version: 0,
    });
  });

  it('lists its own and its system fields with their types for grid pages', async () => {
    const view = await createSource(client, {
      Name: 'Field list',
      PrimaryKeyField: 'Code',
      SchemaDefinition: schemaOf(
        {
          Code: { type: 'integer', title: 'Code number' },
          Due: { type: 'string', format: 'date' },
          Tags: { type: 'array', items: { type: 'string' } },
        },
        ['Code'],
      ),
    });
    const fields = await client.get('admin', `/api/dataSources/${view.Id}/fields`);
    expect(fields.statusCode).toBe(200);
    const system = { Type: null, IsPrimaryKey: false, IsSystem: true, Required: false };
    const own = { IsSystem: false, IsPrimaryKey: false, Required: false };
    expect(fields.json()).toEqual([
      { Name: 'Id', Title: 'Id', ColumnType: 'integer', ...system },
      {
        Name: 'Code',
        Title: 'Code number',
        Type: 'Integer',
        ColumnType: 'integer',
        ...own,
        IsPrimaryKey: true,
        Required: true,
      },
      { Name: 'Due', Title: 'Due', Type: 'Date', ColumnType: 'date', ...own },
      { Name: 'Tags', Title: 'Tags', Type: 'Array', ColumnType: null, ...own },
      { Name: 'CreatedAt', Title: 'Created', ColumnType: 'datetime', ...system },
      { Name: 'CreatedBy', Title: 'Created by', ColumnType: 'string', ...system },
      { Name: 'UpdatedAt', Title: 'Updated', ColumnType: 'datetime', ...system },
      { Name: 'UpdatedBy', Title: 'Updated by', ColumnType: 'string', ...system },
      { Name: 'Version', Title: 'Version', ColumnType: 'integer', ...system },
    ]);
  });

  it('refuses a name another data source has, in any case, with AlreadyExists', async () => {
    await createSource(client, { Name: 'Vehicles', SchemaDefinition: schemaOf({}) });
    const other = await createSource(client, { Name: 'Trailers', SchemaDefinition: schemaOf({}) });
    const count = await sourceCount();
    const message = 'There is already user table with specified name.';

    const created = await postSource(client, { Name: 'vEHICLES', SchemaDefinition: schemaOf({}) });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created)).toEqual({
      Message: message,
      Errors: [{ Field: 'Name', Message: message }],
      AlreadyExists: true,
    });
    expect(await sourceCount()).toBe(count);

    const renamed = await putSource(client, editOf(other, { Name: 'VEHICLES' }));
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed)).toMatchObject({ Message: message, AlreadyExists: true });
    expect(await metadataOf(t, other.Id)).toMatchObject({ name: 'Trailers', version: 1 });
  });

  it('refuses a virtual data source: those come with the release', async () => {
    const count = await sourceCount();
    const response = await postSource(client, {
      Name: 'Virtual one',
      IsVirtual: true,
      SchemaDefinition: schemaOf({ A: { type: 'string' } }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).Errors).toEqual([{ Field: 'IsVirtual', Message: 'must be false' }]);
    expect(await sourceCount()).toBe(count);
  });

  it('refuses a field tree that breaks its rules, naming the field by its path', async () => {
    const cases: [string, Partial<SaveBody>, { Field: string; Message: string }][] = [
      [
        'names the same ignoring case',
        {
          SchemaDefinition: schemaOf({
            Site: {
              type: 'object',
              properties: { Name: { type: 'string' }, NAME: { type: 'string' } },
            },
          }),
        },
        { Field: 'SchemaDefinition/Site.NAME', Message: 'is the name of another field here' },
      ],
      [
        'a system name at the top level',
        { SchemaDefinition: schemaOf({ Id: { type: 'string' } }) },
        { Field: 'SchemaDefinition/Id', Message: 'is the name of a system field' },
      ],
      [
        'a key of type Array',
        {
          PrimaryKeyField: 'Tags',
          SchemaDefinition: schemaOf({ Tags: { type: 'array', items: { type: 'string' } } }),
        },
        { Field: 'SchemaDefinition/Tags', Message: 'cannot be the key as Array' },
      ],
      [
        // Rows are checked by RE2, in linear time, which cannot run a backreference.
        'a pattern with a backreference',
        { SchemaDefinition: schemaOf({ Code: { type: 'string', pattern: '^(a+)-\\1$' } }) },
        {
          Field: 'SchemaDefinition/Code',
          Message: 'uses a backreference (\\1), which patterns may not use',
        },
      ],
      [
        'a pattern with a lookahead',
        { SchemaDefinition: schemaOf({ Code: { type: 'string', pattern: '^(?=.*\\d).{8,}$' } }) },
        {
          Field: 'SchemaDefinition/Code',
          Message: 'uses a lookahead (?=…), which patterns may not use',
        },
      ],
      [
        'a default its field refuses',
        { SchemaDefinition: schemaOf({ Size: { type: 'integer', maximum: 5, default: 9 } }) },
        { Field: 'SchemaDefinition/Size', Message: 'its default must be 5 or less' },
      ],
    ];
    const count = await sourceCount();
    for (const [what, body, error] of cases) {
      const response = await postSource(client, {
        Name: 'Broken',
        SchemaDefinition: schemaOf({}),
        ...body,
      });
      expect(response.statusCode, what).toBe(400);
      expect(errorOf(response).Errors, what).toEqual([error]);
    }
    expect(await sourceCount()).toBe(count);
  });

  it('checks patterns in time linear in the value, so no row can stall the server', async () => {
    // `^(a|a)*$` passed the old check for nested repetition, and JavaScript's engine took 8 s
    // over 29 a's and a b, twice as long with each more a, blocking every user meanwhile.
    const view = await createSource(client, {
      Name: 'Only a',
      SchemaDefinition: schemaOf({ Code: { type: 'string', pattern: '^(a|a)*$' } }),
    });
    for (const Code of [`${'a'.repeat(29)}b`, `${'a'.repeat(10_000)}b`]) {
      const refused = await client.post('admin', rowsUrl(view.Id), { Json: { Code } });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorOf(refused).Errors).toEqual([
        { Field: 'Code', Message: 'contains characters that are not allowed' },
      ]);
    }
    const saved = await insertRow(client, view.Id, { Code: 'a'.repeat(30) });
    expect(saved.Code).toBe('a'.repeat(30));
    expect(await storedRows(t, view.Id)).toHaveLength(1);
  });

  it('names the field and the reason of a pattern RE2 cannot run, creating nothing', async () => {
    const [count, tables] = [await sourceCount(), await userTables(t)];
    const response = await postSource(client, {
      Name: 'Repeated',
      SchemaDefinition: schemaOf({ Word: { type: 'string', pattern: '^(?<w>\\w+) \\k<w>$' } }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).Message).toBe(
      'SchemaDefinition/Word: uses a backreference (\\k<w>), which patterns may not use.',
    );
    expect(await sourceCount()).toBe(count);
    expect(await userTables(t)).toEqual(tables);
  });

  it('refuses a pattern the database cannot read, creating nothing', async () => {
    // JavaScript reads \p{L}; PostgreSQL's regular expressions do not. An empty table never
    // runs its check, so only compiling the pattern at once keeps every later row from failing.
    const [count, tables] = [await sourceCount(), await userTables(t)];
    const response = await postSource(client, {
      Name: 'Letters only',
      SchemaDefinition: schemaOf({ Word: { type: 'string', pattern: '^\\p{L}+$' } }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).Errors).toEqual([
      { Field: 'SchemaDefinition/Word', Message: 'Word: the database cannot check this pattern.' },
    ]);
    expect(await sourceCount()).toBe(count);
    expect(await userTables(t)).toEqual(tables);
  });

  it('refuses a control tree that shows a missing field or one outside its parent', async () => {
    const schema = schemaOf({
      Notes: { type: 'string' },
      Photos: {
        type: 'array',
        items: { type: 'object', properties: { Caption: { type: 'string' } } },
      },
    });
    const cases: [unknown[], { Field: string; Message: string }][] = [
      [
        [{ Id: 'notes', Type: 'field', Key: 'Remarks' }],
        { Field: 'FormDefinition/notes', Message: "shows 'Remarks', which is not a field" },
      ],
      [
        [
          {
            Id: 'main',
            Type: 'section',
            Children: [{ Id: 'caption', Type: 'field', Key: 'Photos.Caption' }],
          },
        ],
        {
          Field: 'FormDefinition/caption',
          Message: "shows 'Photos.Caption' outside its parent field",
        },
      ],
    ];
    const count = await sourceCount();
    for (const [controls, error] of cases) {
      const response = await postSource(client, {
        Name: 'Badly laid out',
        SchemaDefinition: schema,
        FormDefinition: { 'ui:controls': controls },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).Errors).toEqual([error]);
    }
    expect(await sourceCount()).toBe(count);

    const laidOut = await postSource(client, {
      Name: 'Well laid out',
      SchemaDefinition: schema,
      FormDefinition: {
        'ui:controls': [
          { Id: 'notes', Type: 'field', Key: 'Notes', Widget: 'textarea' },
          {
            Id: 'photos',
            Type: 'array',
            Key: 'Photos',
            Children: [{ Id: 'caption', Type: 'field', Key: 'Photos.Caption' }],
          },
        ],
      },
    });
    expect(laidOut.statusCode, laidOut.body).toBe(200);
  });
});

describe("changing a field's type", () => {
  it('converts the values that convert, keeping the data', async () => {
    const view = await sourceWithRows(
      'Conversions',
      {
        Code: { type: 'string' },
        Count: { type: 'integer' },
        Flag: { type: 'string' },
        Day: { type: 'string', format: 'date' },
      },
      [
        { Code: '12', Count: 7, Flag: 'true', Day: '2024-03-01' },
        { Code: '-3', Count: 8, Flag: 'false', Day: null },
      ],
    );
    const c = (field: string) => columnNameOf(view, field);
    const response = await putSource(
      client,
      withFields(view, {
        Code: { type: 'integer' },
        Count: { type: 'string' },
        Flag: { type: 'boolean' },
        Day: { format: 'date-time' },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DataSourceView>().Version).toBe(view.Version + 1);

    const types = (await columnsOf(t, view.Id)).map(({ name, type }) => [name, type]);
    expect(types.slice(1, 5)).toEqual([
      [c('Code'), 'bigint'],
      [c('Count'), 'text'],
      [c('Flag'), 'boolean'],
      [c('Day'), 'timestamp with time zone'],
    ]);
    const rows = await storedRows(t, view.Id);
    expect(rows.map((row) => [row[c('Code')], row[c('Count')], row[c('Flag')]])).toEqual([
      [12, '7', true],
      [-3, '8', false],
    ]);
    expect(new Date(rows[0]![c('Day')] as string).toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(rows[1]![c('Day')]).toBeNull();
    const read = await client.get('admin', `/api/dataSources/${view.Id}/data/${rows[0]!.id}`);
    expect(read.json()).toMatchObject({
      Code: 12,
      Count: '7',
      Flag: true,
      Day: '2024-03-01T00:00:00.000Z',
    });
  });

  it('refuses values that do not convert, naming the field and the values, and changes neither metadata nor table', async () => {
    const view = await sourceWithRows(
      'Failed conversions',
      { Label: { type: 'string', maxLength: 20, 'x-unique': true }, Other: { type: 'string' } },
      [{ Label: '12' }, { Label: 'abc', Other: 'kept' }],
    );
    const column = columnNameOf(view, 'Label');
    const metadataBefore = await metadataOf(t, view.Id);
    const tableBefore = await tableShapeOf(t, view.Id);

    const error = await expectRefusedUnchanged(
      view,
      withFields(view, { Label: { type: 'integer' } }),
    );
    const message = "Label cannot become Integer: these values would not convert: 'abc'.";
    expect(error).toEqual({
      Message: message,
      Errors: [{ Field: 'SchemaDefinition/Label', Message: message }],
    });

    // Both halves, explicitly: the definition row and the physical table.
    const metadataAfter = await metadataOf(t, view.Id);
    expect(metadataAfter?.version).toBe(metadataBefore?.version);
    expect(metadataAfter?.schemaDefinition).toEqual(metadataBefore?.schemaDefinition);
    expect(metadataAfter?.storage).toEqual(metadataBefore?.storage);
    expect(await tableShapeOf(t, view.Id)).toEqual(tableBefore);
    expect((await columnOf(t, view.Id, column)).type).toBe('text');
    expect((await constraintsOf(t, view.Id)).map((k) => k.name)).toContain(
      `t${view.Id}_${column}_key`,
    );
    expect((await storedRows(t, view.Id)).map((row) => row[column])).toEqual(['12', 'abc']);
    expect(await changeLogOf(t, 'DataSource', view.Id)).toHaveLength(1);
  });
});

describe("a retyped field's rules", () => {
  it('checks new rules against the converted values, naming them', async () => {
    const view = await sourceWithRows(
      'Retyped with rules',
      { Size: { type: 'string' }, Ref: { type: 'string' } },
      [
        { Size: '5', Ref: '1' },
        { Size: '50', Ref: '01' },
      ],
    );
    const bounded = await expectRefusedUnchanged(
      view,
      withFields(view, { Size: { type: 'integer', minimum: 10 } }),
    );
    expect(bounded.Errors).toEqual([
      { Field: 'SchemaDefinition/Size', Message: "Size: these values do not keep its rules: '5'." },
    ]);
    // '1' and '01' differ as texts and are the same number.
    const unique = await expectRefusedUnchanged(
      view,
      withFields(view, { Ref: { type: 'integer', 'x-unique': true } }),
    );
    expect(unique.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Ref',
        Message: "Ref cannot be unique: these values are held by more than one row: '1'.",
      },
    ]);
  });

  it('refuses DateTime to Date while a value has a time of day, and converts midnight ones', async () => {
    const view = await sourceWithRows(
      'Appointments',
      { At: { type: 'string', format: 'date-time' } },
      [{ At: '2024-01-02T10:30:00Z' }, { At: '2024-01-03T00:00:00Z' }],
    );
    const error = await expectRefusedUnchanged(view, withFields(view, { At: { format: 'date' } }));
    expect(error.Errors).toEqual([
      {
        Field: 'SchemaDefinition/At',
        Message:
          "At cannot become Date: these values would lose their time of day: '2024-01-02T10:30:00Z'.",
      },
    ]);

    const [first] = await storedRows(t, view.Id);
    const rows = `/api/dataSources/${view.Id}/data`;
    const row = (await client.get('admin', `${rows}/${first!.id}`)).json<Record<string, unknown>>();
    await client.put('admin', rows, { Json: { ...row, At: '2024-01-02T00:00:00Z' } });
    const converted = await putSource(client, withFields(view, { At: { format: 'date' } }));
    expect(converted.statusCode, converted.body).toBe(200);
    const at = columnNameOf(view, 'At');
    expect((await columnOf(t, view.Id, at)).type).toBe('date');
    expect((await storedRows(t, view.Id)).map((r) => r[at])).toEqual(['2024-01-02', '2024-01-03']);
  });
});

describe('dates and times in a database whose time zone is not UTC', () => {
  it('converts them in UTC, as the API reads and writes them', async () => {
    const view = await sourceWithRows(
      'Zoned',
      { Day: { type: 'string', format: 'date' }, At: { type: 'string', format: 'date-time' } },
      // Midnight of 2 March in Auckland.
      [{ Day: '2024-03-01', At: '2024-03-01T11:00:00Z' }],
    );
    const auckland = await sameAppInTimeZone(t, 'Pacific/Auckland');
    try {
      const toDate = await auckland.client.put(
        'admin',
        '/api/dataSources',
        withFields(view, { At: { format: 'date' } }),
      );
      expect(toDate.statusCode, toDate.body).toBe(400);
      expect(errorOf(toDate).Errors).toEqual([
        {
          Field: 'SchemaDefinition/At',
          Message:
            "At cannot become Date: these values would lose their time of day: '2024-03-01T11:00:00Z'.",
        },
      ]);
      const toDateTime = await auckland.client.put(
        'admin',
        '/api/dataSources',
        withFields(view, { Day: { format: 'date-time' } }),
      );
      expect(toDateTime.statusCode, toDateTime.body).toBe(200);
    } finally {
      await auckland.close();
    }
    const [row] = await storedRows(t, view.Id);
    expect(new Date(row![columnNameOf(view, 'Day')] as string).toISOString()).toBe(
      '2024-03-01T00:00:00.000Z',
    );
  });
});

describe('renaming and removing fields', () => {
  it('renames a field that keeps its x-field-id: the column and its data stay', async () => {
    const view = await sourceWithRows(
      'Renames',
      { Label: { type: 'string', 'x-unique': true }, Size: { type: 'integer' } },
      [{ Label: 'first', Size: 1 }],
    );
    const column = columnNameOf(view, 'Label');
    const tableBefore = await tableShapeOf(t, view.Id);
    const { Label, ...rest } = propertiesOf(view);
    const response = await putSource(
      client,
      editOf(view, { SchemaDefinition: schemaOf({ Caption: Label!, ...rest }) }),
    );
    expect(response.statusCode, response.body).toBe(200);

    expect(await tableShapeOf(t, view.Id)).toEqual(tableBefore);
    const stored = await metadataOf(t, view.Id);
    expect(stored?.storage).toMatchObject({ fields: { Caption: column } });
    expect(stored?.uniqueFields).toEqual(['Caption']);
    const rows = await client.get('admin', `/api/dataSources/${view.Id}/data`);
    expect(rows.json()).toMatchObject({ value: [{ Caption: 'first', Size: 1 }] });
    expect(rows.json<{ value: object[] }>().value[0]).not.toHaveProperty('Label');
  });

  it('asks to confirm removing a field that holds data, then drops its column', async () => {
    const view = await sourceWithRows(
      'Removals',
      { Keep: { type: 'string' }, Notes: { type: 'string' }, Empty: { type: 'string' } },
      [{ Keep: 'a', Notes: 'worth keeping' }, { Keep: 'b' }],
    );
    const notes = columnNameOf(view, 'Notes');
    const empty = columnNameOf(view, 'Empty');
    const body = withFields(view, { Notes: null, Empty: null });

    const error = await expectRefusedUnchanged(view, body);
    expect(error).toEqual({
      Message: 'Removing Notes deletes the data it holds. Confirm to remove it.',
      Errors: [
        {
          Field: 'SchemaDefinition/Notes',
          Message: 'holds data in 1 rows that removing it deletes',
        },
      ],
      NeedsConfirmation: true,
    });

    const confirmed = await putSource(client, { ...body, ConfirmDataLoss: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const columns = (await columnsOf(t, view.Id)).map((column) => column.name);
    expect(columns).not.toContain(notes);
    expect(columns).not.toContain(empty);
    expect(Object.keys(propertiesOf(confirmed.json()))).toEqual(['Keep']);
    expect((await storedRows(t, view.Id)).map((row) => row[columnNameOf(view, 'Keep')])).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('rules the stored data must keep', () => {
  it('refuses making a field required while rows have no value in it', async () => {
    const view = await sourceWithRows('Required later', { Owner: { type: 'string' } }, [
      { Owner: 'Sam' },
      { Owner: null },
    ]);
    const body = editOf(view, {
      SchemaDefinition: { ...view.SchemaDefinition, required: ['Owner'] },
    });
    const error = await expectRefusedUnchanged(view, body);
    expect(error.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Owner',
        Message:
          'Owner cannot be required: 1 rows have no value. Give it a default or fill them first.',
      },
    ]);
    expect((await columnOf(t, view.Id, columnNameOf(view, 'Owner'))).nullable).toBe(true);
  });

  it('refuses a new required field without a default while the table has rows', async () => {
    const view = await sourceWithRows('Required from the start', { Name: { type: 'string' } }, [
      { Name: 'one' },
      { Name: 'two' },
    ]);
    const error = await expectRefusedUnchanged(
      view,
      editOf(view, {
        SchemaDefinition: schemaOf({ ...propertiesOf(view), Owner: { type: 'string' } }, ['Owner']),
      }),
    );
    expect(error.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Owner',
        Message:
          'Owner cannot be required: 2 rows have no value. Give it a default or fill them first.',
      },
    ]);
  });

  it('fills the rows without a value when a field is made required with a default', async () => {
    const view = await sourceWithRows('Required with a default', { Owner: { type: 'string' } }, [
      { Owner: 'Sam' },
      { Owner: null },
    ]);
    const owner = columnNameOf(view, 'Owner');
    const response = await putSource(
      client,
      editOf(view, {
        SchemaDefinition: schemaOf({ Owner: { ...propertiesOf(view).Owner, default: 'Nobody' } }, [
          'Owner',
        ]),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await columnOf(t, view.Id, owner)).toMatchObject({
      nullable: false,
      default: "'Nobody'::text",
    });
    expect((await storedRows(t, view.Id)).map((row) => row[owner])).toEqual(['Sam', 'Nobody']);
    // A required field has no nulls to place: its index is made again in the plain order.
    const index = (await indexesOf(t, view.Id)).find((entry) =>
      entry.name.endsWith(`${owner}_idx`),
    );
    expect(index?.definition).toMatch(new RegExp(`btree \\(${owner}, id\\)$`));
  });

  it('refuses a new unique field or key whose default every row would share', async () => {
    const view = await sourceWithRows('Shared defaults', { Name: { type: 'string' } }, [
      { Name: 'one' },
      { Name: 'two' },
    ]);
    const unique = await expectRefusedUnchanged(
      view,
      editOf(view, {
        SchemaDefinition: schemaOf({
          ...propertiesOf(view),
          Badge: { type: 'string', default: 'B-1', 'x-unique': true },
        }),
      }),
    );
    expect(unique.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Badge',
        Message: "Badge cannot be unique: these values are held by more than one row: 'B-1'.",
      },
    ]);
    const key = await expectRefusedUnchanged(
      view,
      editOf(view, {
        PrimaryKeyField: 'Number',
        SchemaDefinition: schemaOf(
          { ...propertiesOf(view), Number: { type: 'integer', default: 1 } },
          ['Number'],
        ),
      }),
    );
    expect(key.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Number',
        Message: "Number cannot be the key: these values are held by more than one row: '1'.",
      },
    ]);
  });

  it('fills the rows there are when a required field with a default is added', async () => {
    const view = await sourceWithRows('Filled by default', { Name: { type: 'string' } }, [
      { Name: 'one' },
      { Name: 'two' },
    ]);
    const response = await putSource(
      client,
      editOf(view, {
        SchemaDefinition: schemaOf(
          {
            ...propertiesOf(view),
            Status: { type: 'string', enum: ['New', 'Done'], default: 'New' },
          },
          ['Status'],
        ),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<DataSourceView>();
    const status = columnNameOf(saved, 'Status');
    expect(await columnOf(t, view.Id, status)).toEqual({
      name: status,
      type: 'text',
      nullable: false,
      default: "'New'::text",
    });
    expect((await storedRows(t, view.Id)).map((row) => row[status])).toEqual(['New', 'New']);
    expect(await checksOf(t, view.Id)).toEqual({
      [`t${view.Id}_${status}_check`]: `CHECK ((${status} = ANY (ARRAY['New'::text, 'Done'::text])))`,
    });
  });

  it('refuses a unique field or a key over values held twice, naming them', async () => {
    const view = await sourceWithRows(
      'Duplicates',
      { Plate: { type: 'string' }, Seats: { type: 'integer' } },
      [
        { Plate: 'AB12 CDE', Seats: 2 },
        { Plate: 'AB12 CDE', Seats: 2 },
        { Plate: 'XY34 ZZZ', Seats: 5 },
      ],
    );
    const unique = await expectRefusedUnchanged(
      view,
      withFields(view, { Plate: { 'x-unique': true } }),
    );
    expect(unique.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Plate',
        Message: "Plate cannot be unique: these values are held by more than one row: 'AB12 CDE'.",
      },
    ]);

    const key = await expectRefusedUnchanged(
      view,
      editOf(view, {
        PrimaryKeyField: 'Seats',
        SchemaDefinition: { ...view.SchemaDefinition, required: ['Seats'] },
      }),
    );
    expect(key.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Seats',
        Message: "Seats cannot be the key: these values are held by more than one row: '2'.",
      },
    ]);
    expect((await constraintsOf(t, view.Id)).map((k) => k.definition)).toEqual([
      'PRIMARY KEY (id)',
    ]);
  });

  it('refuses enum values that drop a value rows hold', async () => {
    const view = await sourceWithRows(
      'Enum changes',
      { Size: { type: 'string', enum: ['S', 'M', 'L'] } },
      [{ Size: 'S' }, { Size: 'L' }],
    );
    const error = await expectRefusedUnchanged(
      view,
      withFields(view, { Size: { enum: ['S', 'M'] } }),
    );
    expect(error.Errors).toEqual([
      {
        Field: 'SchemaDefinition/Size',
        Message: "Size: these values do not keep its rules: 'L'.",
      },
    ]);

    const widened = await putSource(
      client,
      withFields(view, { Size: { enum: ['S', 'M', 'L', 'XL'] } }),
    );
    expect(widened.statusCode, widened.body).toBe(200);
    const size = columnNameOf(view, 'Size');
    expect(Object.values(await checksOf(t, view.Id))).toEqual([
      `CHECK ((${size} = ANY (ARRAY['S'::text, 'M'::text, 'L'::text, 'XL'::text])))`,
    ]);
  });

  it('refuses a stale Version with 409 and changes nothing', async () => {
    const view = await sourceWithRows('Edited twice', { Name: { type: 'string' } }, []);
    const first = await putSource(client, withFields(view, { Name: { maxLength: 50 } }));
    expect(first.statusCode).toBe(200);
    const before = await snapshotOf(t, view.Id);
    const stale = await putSource(client, withFields(view, { Name: { type: 'integer' } }));
    expect(stale.statusCode).toBe(409);
    expect(await snapshotOf(t, view.Id)).toEqual(before);
  });

  it('refuses a field id the data source never gave', async () => {
    const view = await sourceWithRows('Foreign ids', { Name: { type: 'string' } }, []);
    const error = await expectRefusedUnchanged(
      view,
      withFields(view, { Stolen: { type: 'string', 'x-field-id': 99 } }),
    );
    expect(error.Errors).toEqual([
      { Field: 'SchemaDefinition/Stolen', Message: 'has an unknown field id' },
    ]);
  });
});

describe('deleting a data source', () => {
  it('refuses while a grid page uses it, naming the page, and drops nothing', async () => {
    const view = await sourceWithRows('Shown on a page', { Name: { type: 'string' } }, [
      { Name: 'row' },
    ]);
    await t.database.db
      .insertInto('gridPages')
      .values({
        pageTitle: 'Shown things',
        dataSourceId: view.Id,
        pkField: 'Id',
        listUrl: `/api/dataSources/${view.Id}/data`,
      })
      .execute();
    const before = await snapshotOf(t, view.Id);
    const response = await client.call('admin', 'DELETE', `/api/dataSources/${view.Id}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).Message).toBe(
      "Shown on a page cannot be deleted while grid pages use it: 'Shown things'.",
    );
    expect(await snapshotOf(t, view.Id)).toEqual(before);
    expect(await tableExists(t, view.Id)).toBe(true);
    expect((await readSource(client, view.Id)).GridPages).toMatchObject([
      { PageTitle: 'Shown things' },
    ]);
  });

  it('drops an unused one: its table and its definition', async () => {
    const view = await sourceWithRows('Short lived', { Name: { type: 'string' } }, [
      { Name: 'row' },
    ]);
    const response = await client.call('admin', 'DELETE', `/api/dataSources/${view.Id}`);
    expect(response.statusCode).toBe(204);
    expect(await tableExists(t, view.Id)).toBe(false);
    expect(await metadataOf(t, view.Id)).toBeUndefined();
    expect((await client.get('admin', `/api/dataSources/${view.Id}`)).statusCode).toBe(404);
    expect((await changeLogOf(t, 'DataSource', view.Id)).map((e) => e.actionType)).toEqual([0, 2]);
  });
});

describe('who may design', () => {
  it('keeps a built-in data source (Users) from being changed or deleted, even by the admin', async () => {
    const users = await readSource(client, 10);
    expect(users).toMatchObject({ Id: 10, Name: 'Users', IsVirtual: true });
    const before = await metadataOf(t, 10);
    const changed = await putSource(client, editOf(users, { Name: 'People' }));
    expect(changed.statusCode).toBe(403);
    const deleted = await client.call('admin', 'DELETE', '/api/dataSources/10');
    expect(deleted.statusCode).toBe(403);
    expect(await metadataOf(t, 10)).toEqual(before);
  });

  it('refuses every designer call to a user without ManageDataSources', async () => {
    const view = await sourceWithRows('Designers only', { Name: { type: 'string' } }, []);
    const before = await snapshotOf(t, view.Id);
    const count = await sourceCount();
    const calls = [
      () => client.get('employee1', '/api/dataSources/0'),
      () => client.get('employee1', `/api/dataSources/${view.Id}`),
      () => client.get('employee1', `/api/dataSources/${view.Id}/fields`),
      () =>
        client.post('employee1', '/api/dataSources', {
          Name: 'Not mine',
          SchemaDefinition: schemaOf({}),
        }),
      () =>
        client.put(
          'employee1',
          '/api/dataSources',
          withFields(view, { Extra: { type: 'string' } }),
        ),
      () => client.call('employee1', 'DELETE', `/api/dataSources/${view.Id}`),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(403);
    expect(await snapshotOf(t, view.Id)).toEqual(before);
    expect(await sourceCount()).toBe(count);
  });
});
