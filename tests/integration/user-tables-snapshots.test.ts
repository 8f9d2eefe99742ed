import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot, SnapshotChange } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

const inspections = {
  Name: 'Site inspections',
  PrimaryKeyField: 'Ref',
  SchemaDefinition: {
    type: 'object',
    required: ['Ref', 'Inspector'],
    properties: {
      Ref: { type: 'string', title: 'Reference' },
      Inspector: { type: 'string' },
      Score: { type: 'integer', minimum: 0, maximum: 10 },
      Notes: { type: 'string' },
    },
  },
  FormDefinition: {
    'ui:controls': [
      {
        Id: 's1',
        Type: 'section',
        Title: 'Who',
        Children: [
          { Id: 'f1', Type: 'field', Key: 'Ref' },
          { Id: 'f2', Type: 'field', Key: 'Inspector' },
        ],
      },
      { Id: 'f3', Type: 'field', Key: 'Score' },
    ],
  },
  Permissions: { read: 'authorized', create: 'ManageUnits', update: 'ManageUnits', delete: '' },
};

/**
 * A schema snapshot travels from one installation to another: exported as a file, previewed
 * as the differences it would make, imported; destructive changes need a confirmation.
 */
describe('data source snapshots', () => {
  let source: TestApp;
  let target: TestApp;
  let from: ApiClient;
  let to: ApiClient;

  beforeAll(async () => {
    [source, target] = await Promise.all([
      createTestApp({ demo: true }),
      createTestApp({ demo: true }),
    ]);
    from = apiClient(source);
    to = apiClient(target);
    expect((await from.post('admin', '/api/dataSources', inspections)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await Promise.all([source.close(), target.close()]);
  });

  async function exported(): Promise<Snapshot> {
    const file = await from.get('admin', '/api/dataSources/snapshot');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="data-sources-/);
    return file.json<Snapshot>();
  }

  it('exports user tables without this installation’s column ids, and only to designers', async () => {
    const snapshot = await exported();
    expect(snapshot.DataSources.map((s) => s.Name)).toEqual(['Site inspections']);
    expect(JSON.stringify(snapshot)).not.toContain('x-field-id');
    expect(snapshot.DataSources[0]!.Permissions).toEqual(inspections.Permissions);
    expect((await from.get('employee1', '/api/dataSources/snapshot')).statusCode).toBe(403);
  });

  it('previews, then creates the table in another installation', async () => {
    const snapshot = await exported();
    const preview = await to.post('admin', '/api/dataSources/snapshot/preview', snapshot);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<SnapshotChange[]>()).toEqual([
      expect.objectContaining({
        Name: 'Site inspections',
        Action: 'Create',
        AddedFields: ['Ref', 'Inspector', 'Score', 'Notes'],
        Destructive: false,
        Problems: [],
      }),
    ]);
    // A preview changes nothing.
    const none = await sql`select 1 from data_sources where name = 'Site inspections'`.execute(
      target.database.db,
    );
    expect(none.rows).toHaveLength(0);

    const imported = await to.post('admin', '/api/dataSources/snapshot/import', {
      Snapshot: snapshot,
    });
    expect(imported.statusCode).toBe(200);
    const made = await sql<{ id: number; form_definition: unknown }>`select id, form_definition
      from data_sources where name = 'Site inspections'`.execute(
      target.database.db.withoutPlugins(),
    );
    expect(made.rows[0]!.form_definition).toEqual(inspections.FormDefinition);
    const id = made.rows[0]!.id;
    const row = await to.post('manager', `/api/dataSources/${id}/data`, {
      Json: { Ref: 'A1', Inspector: 'Jo', Score: 7, Notes: 'kept' },
    });
    expect(row.statusCode).toBe(200);

    // The same snapshot again changes nothing.
    const again = await to.post('admin', '/api/dataSources/snapshot/preview', snapshot);
    expect(again.json<SnapshotChange[]>()[0]!.Action).toBe('Unchanged');
  });

  it('refuses a destructive import until confirmed, then applies it keeping the other data', async () => {
    const snapshot = await exported();
    const [first] = snapshot.DataSources;
    const { Notes: _removed, ...fields } = first!.SchemaDefinition.properties as Record<
      string,
      object
    >;
    const changed: Snapshot = {
      ...snapshot,
      DataSources: [
        {
          ...first!,
          SchemaDefinition: {
            ...first!.SchemaDefinition,
            properties: { ...fields, Score: { type: 'number' }, Site: { type: 'string' } },
          },
        },
      ],
    };
    const preview = await to.post('admin', '/api/dataSources/snapshot/preview', changed);
    expect(preview.json<SnapshotChange[]>()[0]).toMatchObject({
      Action: 'Update',
      AddedFields: ['Site'],
      RemovedFields: ['Notes'],
      ChangedFields: ['Score'],
      Destructive: true,
    });

    const refused = await to.post('admin', '/api/dataSources/snapshot/import', {
      Snapshot: changed,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ NeedsConfirmation: true });
    const id = (
      await sql<{
        id: number;
      }>`select id from data_sources where name = 'Site inspections'`.execute(target.database.db)
    ).rows[0]!.id;
    const stillThere = await to.get('admin', `/api/dataSources/${id}/data?$select=Notes`);
    expect(stillThere.json<{ value: { Notes: string }[] }>().value).toEqual([
      expect.objectContaining({ Notes: 'kept' }),
    ]);

    const applied = await to.post('admin', '/api/dataSources/snapshot/import', {
      Snapshot: changed,
      ConfirmDataLoss: true,
    });
    expect(applied.statusCode).toBe(200);
    const rows = await to.get('admin', `/api/dataSources/${id}/data?$select=Ref,Score,Site`);
    expect(rows.json<{ value: unknown[] }>().value).toEqual([
      expect.objectContaining({ Ref: 'A1', Score: 7, Site: null }),
    ]);
  });

  it('refuses a snapshot whose definition is invalid, naming the source, and applies nothing', async () => {
    const snapshot = await exported();
    const broken: Snapshot = {
      ...snapshot,
      DataSources: [
        { ...snapshot.DataSources[0]!, Name: 'Second table' },
        {
          ...snapshot.DataSources[0]!,
          Name: 'Broken table',
          SchemaDefinition: { type: 'object', properties: { Id: { type: 'string' } } },
          FormDefinition: null,
        },
      ],
    };
    const preview = await to.post('admin', '/api/dataSources/snapshot/preview', broken);
    const changes = preview.json<SnapshotChange[]>();
    expect(changes[1]!.Problems).toEqual(['SchemaDefinition/Id: is the name of a system field']);
    const refused = await to.post('admin', '/api/dataSources/snapshot/import', {
      Snapshot: broken,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ Message: string }>().Message).toContain('Broken table');
    const made =
      await sql`select 1 from data_sources where name in ('Second table', 'Broken table')`.execute(
        target.database.db,
      );
    expect(made.rows).toHaveLength(0);
  });
});
