import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient } from '../support/api-client';

describe('change-log calls', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let unitId: number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const unit = (
      await client.post('manager', '/api/units/SaveUnit', { Code: 'LOG1', Name: 'Logged' })
    ).json<{ Id: number; Version: number }>();
    unitId = unit.Id;
    await client.post('manager', '/api/units/SaveUnit', { ...unit, Active: false });
  });
  afterAll(() => t.close());

  it('answers the action types', async () => {
    const res = await client.get('employee1', '/api/changelog/GetActionTypes');
    expect(res.json()).toEqual([
      { Id: 0, Name: 'Create' },
      { Id: 1, Name: 'Update' },
      { Id: 2, Name: 'Delete' },
      { Id: 3, Name: 'Other' },
    ]);
  });

  it('answers one entity’s history newest first, and all of it to auditors', async () => {
    const res = await client.get(
      'manager',
      `/api/changelog/GetChangeLogs?entityType=Unit&entityId=${unitId}`,
    );
    expect(res.statusCode).toBe(200);
    const entries = res.json<{ ActionTypeText: string; Changes: { ChangeText: string }[] }[]>();
    expect(entries.map((entry) => entry.ActionTypeText)).toEqual(['Update', 'Create']);
    expect(entries[0]!.Changes).toEqual([
      expect.objectContaining({ ChangeText: 'Active: true → false' }),
    ]);

    const all = await client.get('manager', '/api/changelog/GetAllChangeLogs');
    expect(all.json<unknown[]>().length).toBeGreaterThanOrEqual(2);
    expect((await client.get('employee1', '/api/changelog/GetAllChangeLogs')).statusCode).toBe(403);
    const missing = await client.get('manager', '/api/changelog/GetChangeLogs?entityType=Unit');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Errors).toEqual([{ Field: 'entityId', Message: 'is required' }]);
  });

  it('adds a note to an entity’s history, and refuses an empty one field by field', async () => {
    const saved = await client.post('manager', '/api/changelog/SaveChangeLog', {
      EntityType: 'Unit',
      EntityId: unitId,
      GenericLog: 'Plant closed for relining until March.',
    });
    expect(saved.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('changeLogs')
      .selectAll()
      .where('genericLog', '=', 'Plant closed for relining until March.')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      entityType: 'Unit',
      entityId: String(unitId),
      actionType: 1,
      userName: 'manager',
    });

    const empty = await client.post('manager', '/api/changelog/SaveChangeLog', {
      EntityType: 'Unit',
      EntityId: unitId,
      GenericLog: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors).toEqual([{ Field: 'GenericLog', Message: 'is required' }]);
  });
});
