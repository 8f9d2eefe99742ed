import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  editableUser,
  insertUnits,
  type UserAnswer,
  userIdOf,
  userRowById,
} from './people-support';
import { apiClient } from '../support/api-client';

type UnitsAnswer = UserAnswer & { Units: { Id: number; Name: string; IsChecked: boolean }[] };

describe('users: units', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let units: Record<string, number>;
  let employee: number;
  const unitIdsOf = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('userUnits')
        .select('unitId')
        .where('userId', '=', userId)
        .orderBy('unitId')
        .execute()
    ).map((row) => row.unitId);

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    units = await insertUnits(t, ['North plant', 'South plant', 'Mobile plant']);
    employee = await userIdOf(t, 'employee1');
    // The demo gives employee1 plants of its own; these tests start from none.
    await t.database.db.deleteFrom('userUnits').where('userId', '=', employee).execute();
  });
  afterAll(() => t.close());

  it('lists every unit in the editor, checked when the user has it, and none checked for a new user', async () => {
    await t.database.db
      .insertInto('userUnits')
      .values({ userId: employee, unitId: units['South plant']! })
      .execute();
    const user = (
      await client.get('admin', `/api/users/GetUserById/${employee}`)
    ).json<UnitsAnswer>();
    const ours = new Set(Object.values(units));
    expect(user.Units.filter((unit) => ours.has(unit.Id))).toEqual([
      { Id: units['Mobile plant'], Name: 'Mobile plant', IsChecked: false },
      { Id: units['North plant'], Name: 'North plant', IsChecked: false },
      { Id: units['South plant'], Name: 'South plant', IsChecked: true },
    ]);
    expect(user.Units.filter((unit) => unit.IsChecked)).toHaveLength(1);
    const allUnits = await t.database.db.selectFrom('units').select('id').execute();
    const blank = (await client.get('admin', '/api/users/GetUserById/0')).json<UnitsAnswer>();
    expect(blank.Units).toHaveLength(allUnits.length);
    expect(blank.Units.every((u) => !u.IsChecked)).toBe(true);
  });

  it('saves the units a user is given or loses, and shows them in the lists', async () => {
    const res = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, employee)),
      Units: [
        { Id: units['South plant'], IsChecked: false },
        { Id: units['North plant'], IsChecked: true },
        { Id: units['Mobile plant'], IsChecked: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<{ User: UnitsAnswer }>()
        .User.Units.filter((u) => u.IsChecked)
        .map((u) => u.Name),
    ).toEqual(['Mobile plant', 'North plant']);
    expect(await unitIdsOf(employee)).toEqual(
      [units['North plant']!, units['Mobile plant']!].sort((a, b) => a - b),
    );

    const all = (await client.get('admin', '/api/users/GetAllUsers')).json<UnitsAnswer[]>();
    expect(all.find((u) => u.Id === employee)!.Units).toEqual([
      { Id: units['Mobile plant'], Name: 'Mobile plant', IsChecked: true },
      { Id: units['North plant'], Name: 'North plant', IsChecked: true },
    ]);
    expect(all.find((u) => u.Name === 'admin')!.Units).toEqual([]);
    const page = await client.get('admin', '/odata/UsersOData?$orderby=Name&$top=50');
    const listed = page.json<{ value: UnitsAnswer[] }>().value;
    expect(listed.find((u) => u.Id === employee)!.Units.map((u) => u.Name)).toEqual([
      'Mobile plant',
      'North plant',
    ]);

    const created = await client.post('admin', '/api/users/SaveUser', {
      Name: 'plant-operator',
      Units: [{ Id: units['South plant'], IsChecked: true }],
    });
    const operator = created.json<{ User: UnitsAnswer }>().User;
    expect(await unitIdsOf(operator.Id)).toEqual([units['South plant']]);
  });

  it('refuses a unit that does not exist, naming the field, and changes nothing', async () => {
    const row = await userRowById(t, employee);
    const before = await unitIdsOf(employee);
    const res = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, employee)),
      FirstName: 'Changed',
      Units: [
        { Id: units['South plant'], IsChecked: true },
        { Id: 99999, IsChecked: true },
      ],
    });
    expect(res.statusCode).toBe(400);
    // The engine's one message for an item of any checkbox list, on every path.
    expect(res.json()).toEqual({
      Message: 'Units: 99999 does not exist.',
      Errors: [{ Field: 'Units', Message: 'Units: 99999 does not exist.' }],
    });
    expect(await unitIdsOf(employee)).toEqual(before);
    expect(await userRowById(t, employee)).toEqual(row);
    const badId = await client.post('admin', '/api/users/SaveUser', {
      Name: 'bad-units',
      Units: [{ Id: 'north', IsChecked: true }],
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().Errors).toEqual([{ Field: 'Units.0.Id', Message: expect.any(String) }]);
  });
});
