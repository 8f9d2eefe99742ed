import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogEntity, type DataSourceView } from '#metadata';
import { roleIdOf, rowRule, setRules } from '../support/access-rules';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { anySignedInUser, createSource, insertRow, rowsUrl } from '../support/user-tables';

/**
 * The audit log keeps every rule (issue 33): the demo Manager (ViewAuditLog) reads an entry
 * only when they may read the row it tells about now (a row rule hides `south-1` from them,
 * `SealedLedger` they may not read at all), an entry about a deleted row by the data source's
 * read permission alone, and never the changes of `Salary`, hidden from their role: through
 * the OData list and its count, the generic rows, every value list, the grid's rows, values
 * and export, GetChangeLogs, GetAllChangeLogs, GetChangeLogById and a row's history. The
 * administrator, bound by no rule, reads every entry whole.
 */

interface Change {
  Field: string;
  ChangeText: string;
}
interface Entry {
  Id: number;
  EntityType: string;
  EntityId: string;
  ActionTypeText: string;
  GenericLog: string | null;
  Changes: Change[];
}

let t: TestApp;
let client: ApiClient;
let plots: DataSourceView;
let ledger: DataSourceView;
/** Row ids by Ref. */
const id: Record<string, number> = {};
const typeOf = (source: DataSourceView) => `UserTable${source.Id}`;
const everyone = anySignedInUser;
const usersOnly = {
  read: 'ManageUsers',
  create: 'ManageUsers',
  update: 'ManageUsers',
  delete: 'ManageUsers',
};

/** Only the entries of the two tables: the demo's own history stays out of the counts. */
const ours = () =>
  encodeURIComponent(
    [plots, ledger]
      .map((source) => `tolower(EntityType) eq '${typeOf(source).toLowerCase()}'`)
      .join(' or '),
  );

async function remove(source: DataSourceView, ref: string) {
  const res = await client.call('admin', 'DELETE', `${rowsUrl(source.Id)}/${id[ref]}`);
  expect(res.statusCode, res.body).toBe(204);
}

async function note(entityType: string, entityId: number, GenericLog: string) {
  const res = await client.post('admin', '/api/changelog/SaveChangeLog', {
    EntityType: entityType,
    EntityId: entityId,
    GenericLog,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  const manager = await roleIdOf(t, 'Manager');
  const schema = (extra: Record<string, unknown>) => ({
    type: 'object',
    properties: { Ref: { type: 'string', 'x-unique': true }, Salary: { type: 'string' }, ...extra },
    required: ['Ref'],
  });
  plots = await createSource(client, {
    Name: 'AuditedPlots',
    PrimaryKeyField: '',
    Permissions: everyone,
    SchemaDefinition: schema({ Region: { type: 'string' } }),
  });
  ledger = await createSource(client, {
    Name: 'SealedLedger',
    PrimaryKeyField: '',
    Permissions: usersOnly,
    SchemaDefinition: schema({}),
  });
  for (const [Ref, Region] of [
    ['north-1', 'North'],
    ['south-1', 'South'],
    ['south-2', 'South'],
  ] as const) {
    id[Ref] = (await insertRow(client, plots.Id, { Ref, Region, Salary: `plot-pay-${Ref}` })).Id;
  }
  for (const Ref of ['ledger-1', 'ledger-2']) {
    id[Ref] = (await insertRow(client, ledger.Id, { Ref, Salary: `ledger-pay-${Ref}` })).Id;
  }
  // An update of the hidden field only: the Manager reads the entry, without its change.
  const north = await client.get('admin', `${rowsUrl(plots.Id)}/${id['north-1']}`);
  const saved = await client.put('admin', rowsUrl(plots.Id), {
    Id: id['north-1'],
    Json: { ...north.json<object>(), Salary: 'plot-pay-north-1-changed' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await remove(plots, 'south-2');
  await remove(ledger, 'ledger-2');
  await note(typeOf(plots), id['south-1']!, 'note-about-south-1');
  await note(typeOf(plots), id['north-1']!, 'note-about-north-1');
  // Named in other letter cases, an entry still tells about the ledger's row.
  await note(typeOf(ledger).toLowerCase(), id['ledger-1']!, 'note-about-ledger-1');
  await setRules(client, plots.Id, {
    RowRules: [rowRule(manager, "Region eq 'North'", null)],
    FieldRules: [{ Field: 'Salary', HiddenFor: [manager], ReadOnlyFor: [] }],
  });
});
afterAll(() => t.close());

/** The entries of the two tables a caller lists, with the count, newest first. */
async function listed(user: string, base = '/odata/ChangeLogsOData') {
  const res = await client.get(
    user,
    `${base}?$count=true&$top=100&$orderby=${encodeURIComponent('Id desc')}&$filter=${ours()}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ '@odata.count': number; value: Entry[] }>();
}

const refOf = (entry: Entry) =>
  Object.keys(id).find(
    (ref) =>
      String(id[ref]) === entry.EntityId &&
      entry.EntityType.toLowerCase() ===
        typeOf(ref.startsWith('ledger') ? ledger : plots).toLowerCase(),
  );

/** What the Manager may read: `north-1` (the rule's), `south-2` (deleted); never `Salary`. */
function expectManagersView(entries: Entry[]) {
  expect(new Set(entries.map(refOf))).toEqual(new Set(['north-1', 'south-2']));
  for (const entry of entries) {
    expect(entry.Changes.map((change) => change.Field)).not.toContain('Salary');
  }
  expect(JSON.stringify(entries)).not.toMatch(/plot-pay|ledger|south-1/);
}

describe('the audit log, as a holder of ViewAuditLog bound by rules', () => {
  it('lists and counts only the entries of rows they may read, without hidden fields', async () => {
    for (const base of [
      '/odata/ChangeLogsOData',
      rowsUrl(changeLogEntity.id),
      `/api/grids/${changeLogEntity.id}/data`,
    ]) {
      const page = await listed('manager', base);
      expectManagersView(page.value);
      // north-1: created, updated (Salary only), noted; south-2: created, deleted.
      expect(page['@odata.count'], base).toBe(5);
      expect(page.value, base).toHaveLength(5);
    }
    const { value } = await listed('manager');
    const north = value.filter((entry) => refOf(entry) === 'north-1');
    const update = north.find((entry) => entry.ActionTypeText === 'Update' && !entry.GenericLog);
    expect(update?.Changes).toEqual([]);
    const created = north.find((entry) => entry.ActionTypeText === 'Create');
    const fields = created?.Changes.map((change) => change.Field);
    expect(fields).toEqual(expect.arrayContaining(['Ref', 'Region']));
    expect(fields).not.toContain('Salary');
    // Asked without its EntityType, an entry still leaves out what is hidden.
    const bare = await client.get(
      'manager',
      `/odata/ChangeLogsOData?$select=Id,Changes&$top=100&$filter=${ours()}`,
    );
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.body).toContain('Ref: north-1');
    expect(bare.body).not.toMatch(/plot-pay|Salary/);
  });

  it('follows the read permission alone for a deleted row: south-2 yes, ledger-2 no', async () => {
    const page = await listed('manager');
    const deleted = page.value.filter((entry) => refOf(entry) === 'south-2');
    expect(deleted.map((entry) => entry.ActionTypeText).sort()).toEqual(['Create', 'Delete']);
    const ledgerDeleted = await client.get(
      'manager',
      `/api/changelog/GetChangeLogs?entityType=${typeOf(ledger)}&entityId=${id['ledger-2']}`,
    );
    expect(ledgerDeleted.json()).toEqual([]);
  });

  it('lists in every value list only the values of entries they may read', async () => {
    const { value: seen } = await listed('admin');
    const visible = seen.filter((entry) => ['north-1', 'south-2'].includes(refOf(entry) ?? ''));
    for (const field of [
      'EntityType',
      'EntityId',
      'UserName',
      'GenericLog',
      'ActionType',
      'DateTime',
    ]) {
      const expected = new Set(
        visible
          .map((entry) => (entry as unknown as Record<string, unknown>)[field])
          .filter((value) => value !== null),
      );
      const urls = [`/api/entities/ChangeLogs/values/${field}?top=200&$filter=${ours()}`];
      if (['EntityType', 'EntityId', 'UserName', 'DateTime'].includes(field)) {
        urls.push(`/api/grids/${changeLogEntity.id}/values/${field}?top=200&$filter=${ours()}`);
      }
      for (const url of urls) {
        const res = await client.get('manager', url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(new Set(res.json<unknown[]>()), url).toEqual(expected);
      }
    }
  });

  it('exports only what they may read', async () => {
    const res = await client.get(
      'manager',
      `/api/grids/${changeLogEntity.id}/export?format=csv&$filter=${ours()}`,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const lines = res.body.trim().split(/\r?\n/).slice(1);
    const ids = lines.map((line) => line.split(',')[2]);
    expect(ids.sort()).toEqual(
      [...Array(3).fill(id['north-1']), ...Array(2).fill(id['south-2'])].map(String).sort(),
    );
    expect(res.body).not.toMatch(/plot-pay|ledger|Salary/i);
    const whole = await client.get(
      'admin',
      `/api/grids/${changeLogEntity.id}/export?format=csv&$filter=${ours()}`,
    );
    expect(whole.body.trim().split(/\r?\n/).slice(1)).toHaveLength(11);
  });

  it('answers GetChangeLogs, GetAllChangeLogs and GetChangeLogById the same way', async () => {
    const of = (type: string, ref: string) =>
      client.get('manager', `/api/changelog/GetChangeLogs?entityType=${type}&entityId=${id[ref]}`);
    expect((await of(typeOf(plots), 'south-1')).json()).toEqual([]);
    expect((await of(typeOf(ledger), 'ledger-1')).json()).toEqual([]);
    const north = (await of(typeOf(plots), 'north-1')).json<Entry[]>();
    expect(north.map((entry) => entry.ActionTypeText)).toEqual(['Update', 'Update', 'Create']);
    expect(JSON.stringify(north)).not.toMatch(/plot-pay|Salary/);

    const all = await client.get('manager', '/api/changelog/GetAllChangeLogs');
    expect(all.statusCode).toBe(200);
    const entries = all.json<Entry[]>();
    // At most the newest thousand entries, each one the Manager may read.
    const tables = [typeOf(plots), typeOf(ledger)].map((type) => type.toLowerCase());
    const ofTables = entries.filter((entry) => tables.includes(entry.EntityType.toLowerCase()));
    expect(ofTables.map(refOf)).toContain('north-1');
    for (const entry of ofTables) expect(['north-1', 'south-2']).toContain(refOf(entry));
    expect(JSON.stringify(ofTables)).not.toMatch(/plot-pay|ledger|south-1/);
    // Nor any entry of the demo's users, whom the Manager may not read.
    expect(entries.filter((entry) => entry.EntityType === 'User')).toEqual([]);
    expect(entries.some((entry) => entry.EntityType === 'Unit')).toBe(true);

    const hidden = (await listed('admin')).value.find((entry) => refOf(entry) === 'south-1')!;
    for (const url of [
      `/api/changelog/GetChangeLogById/${hidden.Id}`,
      `${rowsUrl(changeLogEntity.id)}/${hidden.Id}`,
    ]) {
      expect((await client.get('manager', url)).statusCode, url).toBe(404);
      expect((await client.get('admin', url)).statusCode, url).toBe(200);
    }
  });

  it('drops the same changes as the row’s own history', async () => {
    const history = await client.get('manager', `${rowsUrl(plots.Id)}/${id['north-1']}/history`);
    expect(history.statusCode).toBe(200);
    const page = await listed('manager');
    const logged = page.value.filter((entry) => refOf(entry) === 'north-1');
    const changesOf = (entries: Entry[]) =>
      entries.map((entry) => [entry.Id, entry.Changes.map((change) => change.ChangeText)]);
    expect(changesOf(logged)).toEqual(changesOf(history.json<Entry[]>()));
  });

  it('still shows the administrator every entry, whole', async () => {
    const page = await listed('admin');
    // Five rows created, one updated, two deleted, three notes.
    expect(page['@odata.count']).toBe(11);
    expect(new Set(page.value.map(refOf))).toEqual(new Set(Object.keys(id)));
    expect(JSON.stringify(page.value)).toContain('plot-pay-north-1-changed');
    expect(JSON.stringify(page.value)).toContain('ledger-pay-ledger-1');
    const users = await client.get(
      'admin',
      `/odata/ChangeLogsOData?$count=true&$top=1&$filter=${encodeURIComponent("EntityType eq 'User'")}`,
    );
    expect(users.json<{ '@odata.count': number }>()['@odata.count']).toBeGreaterThan(0);
  });
});
