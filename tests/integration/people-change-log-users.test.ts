import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserDigest } from '../../server/security/browser-digest';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  changeLogCount,
  changeLogsOf,
  editableUser,
  idsOf,
  insertUnits,
  setUsersBelongTo,
  userRowById,
} from './people-support';
import { apiClient } from '../support/api-client';

describe('change log: users and their memberships', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;
  let units: Record<string, number>;
  const digest = browserDigest('Logged-Secret-1');

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    ids = await idsOf(t, ['admin', 'demo', 'employee2'], ['Staff', 'Manager']);
    units = await insertUnits(t, ['North plant', 'South plant']);
  });
  afterAll(() => t.close());
  beforeEach(() => setUsersBelongTo(t, 3));

  it('logs a created user with what it holds, saying only that a password was set', async () => {
    const res = await client.post('admin', '/api/users/SaveUser', {
      Name: 'logged-one',
      FirstName: 'Lou',
      Password: digest,
      Roles: [{ Id: ids.Staff, IsChecked: true }],
      Units: [{ Id: units['North plant'], IsChecked: true }],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ User: { Id: number } }>().User.Id;
    const logs = await changeLogsOf(t, 'User', id);
    expect(logs).toEqual([
      { actionType: 0, userId: ids.admin, userName: 'admin', changes: expect.any(Array) },
    ]);
    // What it holds, in the engine's field order; its empty fields say nothing.
    const created = [
      { Field: 'Name', OldValue: null, NewValue: 'logged-one', ChangeText: 'Name: logged-one' },
      { Field: 'FirstName', OldValue: null, NewValue: 'Lou', ChangeText: 'FirstName: Lou' },
      { Field: 'Active', OldValue: null, NewValue: true, ChangeText: 'Active: true' },
      { Field: 'Password', OldValue: null, NewValue: null, ChangeText: 'Password: changed' },
      { Field: 'Roles', OldValue: null, NewValue: ['Staff'], ChangeText: 'Roles: Staff' },
      {
        Field: 'Units',
        OldValue: null,
        NewValue: ['North plant'],
        ChangeText: 'Units: North plant',
      },
    ];
    expect(logs[0]!.changes).toHaveLength(created.length);
    expect(logs[0]!.changes).toEqual(expect.arrayContaining(created));
    const hash = (await userRowById(t, id)).passwordHash!;
    const everything = JSON.stringify(
      await t.database.db.selectFrom('changeLogs').selectAll().execute(),
    );
    expect(everything).not.toContain(digest);
    expect(everything).not.toContain(hash);
  });

  it('logs an update field by field, lists as names added and removed, and no-op saves not at all', async () => {
    const before = await changeLogsOf(t, 'User', ids.demo!);
    const res = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.demo!)),
      Surname: 'Logged',
      Roles: [{ Id: ids.Manager, IsChecked: true }],
    });
    expect(res.statusCode).toBe(200);
    const logs = await changeLogsOf(t, 'User', ids.demo!);
    expect(logs).toHaveLength(before.length + 1);
    expect(logs.at(-1)).toEqual({
      actionType: 1,
      userId: ids.admin,
      userName: 'admin',
      changes: [
        {
          Field: 'Surname',
          OldValue: 'Demo',
          NewValue: 'Logged',
          ChangeText: 'Surname: Demo → Logged',
        },
        {
          Field: 'Roles',
          OldValue: ['Staff'],
          NewValue: ['Staff', 'Manager'],
          ChangeText: 'Roles: Staff → Staff, Manager',
        },
      ],
    });

    const count = await changeLogCount(t);
    const same = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.demo!)),
      Surname: 'Logged',
      Roles: [
        { Id: ids.Manager, IsChecked: true },
        { Id: ids.Staff, IsChecked: true },
      ],
    });
    expect(same.statusCode).toBe(200);
    const stale = await client.post('admin', '/api/users/SaveUser', {
      Id: ids.demo,
      Name: 'demo',
      Surname: 'Stale',
      Version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(await changeLogCount(t)).toBe(count);

    const password = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.demo!)),
      Password: digest,
    });
    expect(password.statusCode).toBe(200);
    expect((await changeLogsOf(t, 'User', ids.demo!)).at(-1)).toMatchObject({
      actionType: 1,
      changes: [
        { Field: 'Password', OldValue: null, NewValue: null, ChangeText: 'Password: changed' },
      ],
    });
  });

  it('logs a deleted user with what it held', async () => {
    const created = await client.post('admin', '/api/users/SaveUser', {
      Name: 'short-stay',
      Roles: [{ Id: ids.Staff, IsChecked: true }],
    });
    const id = created.json<{ User: { Id: number } }>().User.Id;
    expect((await client.get('admin', `/api/users/DeleteUser/${id}`)).statusCode).toBe(204);
    const logs = await changeLogsOf(t, 'User', id);
    expect(logs.map((l) => l.actionType)).toEqual([0, 2]);
    expect(logs[1]).toMatchObject({
      userName: 'admin',
      changes: expect.arrayContaining([
        { Field: 'Name', OldValue: 'short-stay', NewValue: null, ChangeText: 'Name: short-stay' },
        { Field: 'Roles', OldValue: ['Staff'], NewValue: null, ChangeText: 'Roles: Staff' },
      ]),
    });
  });

  it('logs users added to a role or a group on the role or group', async () => {
    const assigned = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [ids.employee2],
    });
    expect(assigned.json()).toEqual({ Assigned: 1 });
    expect((await changeLogsOf(t, 'Role', ids.Manager!)).at(-1)).toEqual({
      actionType: 1,
      userId: ids.admin,
      userName: 'admin',
      changes: [
        {
          Field: 'Users',
          OldValue: ['demo', 'manager'],
          NewValue: ['demo', 'manager', 'employee2'],
          ChangeText: 'Users: demo, manager → demo, manager, employee2',
        },
      ],
    });
    const count = await changeLogCount(t);
    const again = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [ids.employee2],
    });
    expect(again.json()).toEqual({ Assigned: 0 });
    expect(await changeLogCount(t)).toBe(count);

    const group = await t.database.db
      .selectFrom('groups')
      .select('id')
      .where('name', '=', 'South crews')
      .executeTakeFirstOrThrow();
    const grouped = await client.post('admin', '/api/users/AssignUsersToGroup', {
      GroupId: group.id,
      UserIds: [ids.demo],
    });
    expect(grouped.json()).toEqual({ Assigned: 1 });
    // The demo seed's creation of the group (by the system) comes first.
    const groupLog = await changeLogsOf(t, 'Group', group.id);
    expect(groupLog[0]).toMatchObject({ actionType: 0, userId: null, userName: 'System' });
    expect(groupLog.slice(1)).toEqual([
      {
        actionType: 1,
        userId: ids.admin,
        userName: 'admin',
        changes: [
          {
            Field: 'Users',
            OldValue: ['employee2'],
            NewValue: ['employee2', 'demo'],
            ChangeText: 'Users: employee2 → employee2, demo',
          },
        ],
      },
    ]);
  });
});
