import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInEntities } from '#metadata';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { setUsersBelongTo } from './people-support';

/**
 * Every computed field (joined names, looked-up names, link counts, flags) is shown, filtered
 * and sorted by one definition: the value a list shows finds its row with `eq`, and a row
 * sorted before another is found by `lt` the other's shown value. Checked on the entity's own
 * list and on the generic row list, which must show the same values.
 */
const computed = builtInEntities.flatMap((entity) =>
  Object.entries(entity.storage.fields)
    .filter(([, stored]) => typeof stored !== 'string')
    .map(([field]) => ({ entity, field })),
);

const literal = (value: unknown) =>
  typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);

describe('computed fields: display, filter and sort agree', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    // Users belong to groups and companies, so the Users list shows the company's name.
    await setUsersBelongTo(t, 3);
    // Names with an empty part, and a company with no users, so that edge cases show.
    await client.post('admin', '/api/users/SaveUser', { Name: 'jo', FirstName: 'Jo' });
    await client.post('admin', '/api/users/SaveUser', { Name: 'nameless' });
    await client.post('admin', '/api/users/SaveUser', { Name: 'kim', Surname: 'Surname-only' });
    await client.post('admin', '/api/companies/SaveCompany', { CompanyName: 'Empty Ltd' });
    await client.post('admin', '/api/permissions/SavePermission', { Code: 'Custom', Name: 'Mine' });
    // Job runs asked for by a user and by the schedule (no one: no name).
    const admin = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('jobRuns')
      .values([
        { jobName: 'housekeeping', trigger: 'manual', state: 'succeeded', requestedBy: admin.id },
        { jobName: 'housekeeping', trigger: 'schedule', state: 'succeeded', requestedBy: null },
      ])
      .execute();
    // Sign-ins of known users and of an unknown name (no user: no full name) for the audit.
    for (const User of ['employee1', 'manager', 'nobody-at-all']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { User, Pass: 'a'.repeat(128), Save: false },
      });
    }
  });
  afterAll(() => t.close());

  it('covers the computed fields of the built-in entities', () => {
    expect(computed.map((c) => `${c.entity.name}.${c.field}`).sort()).toEqual(
      expect.arrayContaining([
        'Users.FullName',
        'Users.CompanyName',
        'Roles.UsersNum',
        'Groups.UsersNum',
        'Companies.UsersNum',
        'Permissions.IsSystem',
      ]),
    );
  });

  for (const { entity, field } of computed) {
    it(`${entity.name}.${field}`, async () => {
      const lists = [`/odata/${entity.name}OData`, `/api/dataSources/${entity.id}/data`];
      const shown: Record<string, unknown>[][] = [];
      for (const list of lists) {
        const res = await client.get(
          'admin',
          `${list}?$select=Id,${field}&$orderby=${field},Id&$top=200`,
        );
        expect(res.statusCode, `${list}: ${res.body.slice(0, 200)}`).toBe(200);
        const value = res.json<{ value: Record<string, unknown>[] }>().value;
        shown.push(value.map((row) => ({ Id: row.Id, [field]: row[field] })));
      }
      // The entity's own list and the generic one show the same values in the same order.
      expect(shown[0]).toEqual(shown[1]);
      const rows = shown[0]!;
      expect(rows.length).toBeGreaterThan(1);
      const find = async (filter: string) =>
        (
          await client.get(
            'admin',
            `${lists[1]}?$select=Id&$top=1000&$filter=${encodeURIComponent(filter)}`,
          )
        )
          .json<{ value: { Id: number }[] }>()
          .value.map((row) => row.Id);
      for (const row of rows) {
        const value = row[field];
        const filter = value === null ? `${field} eq null` : `${field} eq ${literal(value)}`;
        expect(await find(filter), `${filter} finds row ${row.Id}`).toContain(row.Id);
      }
      for (let index = 1; index < rows.length; index++) {
        const [before, after] = [rows[index - 1]!, rows[index]!];
        if (before[field] === after[field] || before[field] === null || after[field] === null) {
          continue;
        }
        if (typeof after[field] === 'boolean') continue;
        const filter = `${field} lt ${literal(after[field])}`;
        expect(await find(filter), `${filter} finds row ${before.Id}`).toContain(before.Id);
      }
    });
  }
});
