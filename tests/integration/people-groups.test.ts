import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GridPage, groupEntity, systemRoles } from '#metadata';
import { hasPermission } from '#platform/core';
import { createTestApp, type TestApp } from '../support/test-app';
import { userIdOf } from './people-support';
import { apiClient } from '../support/api-client';

interface GroupAnswer {
  Id: number;
  Name: string;
  IsQueryGroup: boolean;
  Users: { Id: number; Name: string; FullName: string; IsChecked: boolean }[];
  Version: number;
}

describe('groups', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  const groupRow = (id: number) =>
    t.database.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
  const membersOf = async (groupId: number) =>
    (
      await t.database.db
        .selectFrom('userGroups')
        .select('userId')
        .where('groupId', '=', groupId)
        .execute()
    )
      .map((m) => m.userId)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  it('lets group administrators create no group, and offers them no New button', async () => {
    const before = await t.database.db.selectFrom('groups').select('id').execute();
    for (const [url, body] of [
      ['/api/groups/SaveGroup', { Name: 'Their own' }],
      [`/api/dataSources/${groupEntity.id}/data`, { Json: { Name: 'Their own' } }],
    ] as const) {
      const res = await client.post('groupadmin', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toHaveProperty('Message');
    }
    expect(await t.database.db.selectFrom('groups').select('id').execute()).toEqual(before);

    const page = (await client.get('groupadmin', `/api/grids/${groupEntity.id}`)).json<GridPage>();
    const create = page.Actions.find((action) => action.Type === 'New')!;
    const holderOf = (role: string) => ({
      authenticated: true,
      permissions: systemRoles.find((r) => r.Name === role)!.Permissions,
    });
    expect(hasPermission(create.Permission, holderOf('Group administrator'))).toBe(false);
    expect(
      hasPermission(create.Permission, {
        authenticated: true,
        permissions: ['ManageGroups', 'CanViewCompany'],
      }),
    ).toBe(true);
    const made = await client.post('admin', '/api/groups/SaveGroup', { Name: 'By the admin' });
    expect(made.statusCode).toBe(200);
    const id = made.json<GroupAnswer>().Id;
    expect((await client.get('admin', `/api/groups/DeleteGroup/${id}`)).statusCode).toBe(204);
  });

  it('lists groups with their member counts, to group managers', async () => {
    const all = await client.get('admin', '/api/groups/GetAllGroups');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual([
      { Id: expect.any(Number), Name: 'North crews', IsQueryGroup: false, UsersNum: 2, Version: 1 },
      { Id: expect.any(Number), Name: 'South crews', IsQueryGroup: false, UsersNum: 1, Version: 1 },
    ]);
    // A group administrator reaches only the groups they are a member of (North crews).
    const res = await client.get('groupadmin', '/api/groups/GetAllGroups');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Id: expect.any(Number), Name: 'North crews', IsQueryGroup: false, UsersNum: 2, Version: 1 },
    ]);
    const theirs = await client.get('groupadmin', '/odata/GroupsOData?$count=true');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({
      '@odata.count': 1,
      value: [expect.objectContaining({ Name: 'North crews' })],
    });
    const page = await client.get(
      'admin',
      '/odata/GroupsOData?$orderby=Name desc&$skip=1&$count=true',
    );
    expect(page.json()).toEqual({
      '@odata.count': 2,
      value: [expect.objectContaining({ Name: 'North crews' })],
    });
    const names = await client.get(
      'admin',
      '/odata/GroupsOData?$select=Name&$filter=' + encodeURIComponent("startswith(Name,'North')"),
    );
    expect(names.statusCode).toBe(200);
    // As every engine list: the key and the version come with what $select asked for.
    expect(names.json().value).toEqual([
      { Id: expect.any(Number), Name: 'North crews', Version: expect.any(Number) },
    ]);
  });

  it('reads a group with every user checked or not', async () => {
    const north = (await client.get('admin', '/api/groups/GetAllGroups')).json<GroupAnswer[]>()[0]!;
    const group = (
      await client.get('admin', `/api/groups/GetGroupById/${north.Id}`)
    ).json<GroupAnswer>();
    expect(group.Users.filter((u) => u.IsChecked).map((u) => u.Name)).toEqual([
      'employee1',
      'groupadmin',
    ]);
    expect(group.Users.find((u) => u.Name === 'admin')).toEqual({
      Id: await userIdOf(t, 'admin'),
      Name: 'admin',
      FullName: 'Alex Admin',
      IsChecked: false,
    });
    expect((await client.get('admin', '/api/groups/GetGroupById/0')).json()).toMatchObject({
      Id: 0,
      Version: 0,
    });
    expect((await client.get('admin', '/api/groups/GetGroupById/99999')).statusCode).toBe(404);
  });

  it('creates and edits a group and its members, refusing a stale version', async () => {
    const demo = await userIdOf(t, 'demo');
    const manager = await userIdOf(t, 'manager');
    const created = await client.post('admin', '/api/groups/SaveGroup', {
      Name: 'Paving gang',
      Users: [{ Id: demo, IsChecked: true }],
    });
    expect(created.statusCode).toBe(200);
    const group = created.json<GroupAnswer>();
    expect(group).toMatchObject({ Name: 'Paving gang', IsQueryGroup: false, Version: 1 });
    expect(await membersOf(group.Id)).toEqual([demo]);

    const edited = await client.post('admin', '/api/groups/SaveGroup', {
      ...group,
      Name: 'Paving crew',
      Users: [
        { Id: demo, IsChecked: false },
        { Id: manager, IsChecked: true },
      ],
    });
    expect(edited.json()).toMatchObject({ Name: 'Paving crew', Version: 2 });
    expect(await membersOf(group.Id)).toEqual([manager]);

    const stale = await client.post('admin', '/api/groups/SaveGroup', { ...group, Name: 'Old' });
    expect(stale.statusCode).toBe(409);
    expect(await groupRow(group.Id)).toMatchObject({ name: 'Paving crew', version: 2 });
    expect(await membersOf(group.Id)).toEqual([manager]);

    const duplicate = await client.post('admin', '/api/groups/SaveGroup', { Name: 'NORTH CREWS' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().Errors).toEqual([{ Field: 'Name', Message: expect.any(String) }]);
    const unknownUser = await client.post('admin', '/api/groups/SaveGroup', {
      Name: 'Ghost crew',
      Users: [{ Id: 99999, IsChecked: true }],
    });
    expect(unknownUser.statusCode).toBe(400);
    const names = await t.database.db.selectFrom('groups').select('name').execute();
    expect(names.map((g) => g.name)).not.toContain('Ghost crew');
  });

  it('keeps query groups: members not toggled, group not deleted', async () => {
    const created = await client.post('admin', '/api/groups/SaveGroup', {
      Name: 'Everyone active',
      IsQueryGroup: true,
    });
    const group = created.json<GroupAnswer>();
    expect(group.IsQueryGroup).toBe(true);
    const toggle = await client.post('admin', '/api/groups/SaveGroup', {
      ...group,
      Users: [{ Id: await userIdOf(t, 'demo'), IsChecked: true }],
    });
    expect(toggle.statusCode).toBe(400);
    expect(toggle.json().Errors).toEqual([{ Field: 'Users', Message: expect.any(String) }]);
    expect(await membersOf(group.Id)).toEqual([]);
    const unchanged = await client.post('admin', '/api/groups/SaveGroup', group);
    expect(unchanged.json()).toMatchObject({ Version: 2 });

    const remove = await client.get('admin', `/api/groups/DeleteGroup/${group.Id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({
      Message: "'Everyone active' is a query group and cannot be deleted.",
    });
    expect(await groupRow(group.Id)).toBeDefined();
  });

  it('deletes an ordinary group and its memberships', async () => {
    const [demo, groupadmin] = [await userIdOf(t, 'demo'), await userIdOf(t, 'groupadmin')];
    const elsewhere = (
      await client.post('admin', '/api/groups/SaveGroup', {
        Name: 'Not theirs',
        Users: [{ Id: demo, IsChecked: true }],
      })
    ).json<GroupAnswer>();
    // A group administrator reaches only their own groups: any other answers as not existing.
    const outside = await client.get('groupadmin', `/api/groups/DeleteGroup/${elsewhere.Id}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ Message: 'The group does not exist.' });
    expect(await groupRow(elsewhere.Id)).toBeDefined();
    expect(await membersOf(elsewhere.Id)).toEqual([demo]);

    // groupadmin is a member of this one, so it is theirs to delete.
    const group = (
      await client.post('admin', '/api/groups/SaveGroup', {
        Name: 'Short-lived',
        Users: [
          { Id: demo, IsChecked: true },
          { Id: groupadmin, IsChecked: true },
        ],
      })
    ).json<GroupAnswer>();
    expect(await membersOf(group.Id)).toEqual([demo, groupadmin].sort((a, b) => a - b));
    const res = await client.get('groupadmin', `/api/groups/DeleteGroup/${group.Id}`);
    expect(res.statusCode).toBe(204);
    expect(await groupRow(group.Id)).toBeUndefined();
    expect(await membersOf(group.Id)).toEqual([]);
    expect((await client.get('admin', `/api/groups/DeleteGroup/${group.Id}`)).statusCode).toBe(404);
  });

  it('assigns users to an ordinary group, not to a query group', async () => {
    const [employee1, employee2] = [await userIdOf(t, 'employee1'), await userIdOf(t, 'employee2')];
    const south = (await client.get('admin', '/api/groups/GetAllGroups'))
      .json<GroupAnswer[]>()
      .find((g) => g.Name === 'South crews')!;
    // A group administrator reaches only their own groups (North crews) and their members.
    const outside = await client.post('groupadmin', '/api/users/AssignUsersToGroup', {
      GroupId: south.Id,
      UserIds: [employee1],
    });
    expect(outside.statusCode).toBe(404);
    expect(await membersOf(south.Id)).toEqual([employee2]);
    const res = await client.post('admin', '/api/users/AssignUsersToGroup', {
      GroupId: south.Id,
      UserIds: [employee1, employee2],
    });
    expect(res.json()).toEqual({ Assigned: 1 });
    expect(await membersOf(south.Id)).toEqual([employee1, employee2].sort((a, b) => a - b));
    const query = await client.post('admin', '/api/groups/SaveGroup', {
      Name: 'Everyone (query)',
      IsQueryGroup: true,
    });
    const queryId = query.json<GroupAnswer>().Id;
    const refused = await client.post('admin', '/api/users/AssignUsersToGroup', {
      GroupId: queryId,
      UserIds: [employee1],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors).toEqual([{ Field: 'GroupId', Message: expect.any(String) }]);
    expect(await membersOf(queryId)).toEqual([]);
    const missing = await client.post('admin', '/api/users/AssignUsersToGroup', {
      GroupId: 99999,
      UserIds: [employee1],
    });
    expect(missing.statusCode).toBe(404);
  });
});
