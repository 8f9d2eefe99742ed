import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, systemPermissions } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  delegate,
  editableUser,
  idsOf,
  roleNamesOf,
  type UserAnswer,
  userRowById,
} from './people-support';
import { apiClient } from '../support/api-client';

const permissionId = (code: string) => systemPermissions.find((p) => p.Code === code)!.Id;

describe('roles: an assigner gives only the roles delegated to their roles', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await delegate(t, 'Group administrator', ['Staff']);
    const managers = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Role managers',
      Permissions: [
        { Id: permissionId('ManageRoles'), IsChecked: true },
        { Id: permissionId('ManageUsers'), IsChecked: true },
      ],
    });
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'rolemanager',
      Password: browserDigest(demoPassword),
      Roles: [{ Id: managers.json<{ Id: number }>().Id, IsChecked: true }],
    });
    ids = await idsOf(
      t,
      ['admin', 'groupadmin', 'rolemanager', 'demo', 'employee1', 'employee2'],
      ['Administrator', 'Manager', 'Staff'],
    );
  });
  afterAll(() => t.close());

  it('refuses a role that is not delegated, naming it, and changes nothing', async () => {
    const before = await userRowById(t, ids.employee2!);
    const res = await client.post('groupadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee2!)),
      FirstName: 'Changed',
      Roles: [
        { Id: ids.Staff, IsChecked: false },
        { Id: ids.Manager, IsChecked: true },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      Message: "You can only give or take away the roles delegated to your roles, not 'Manager'.",
    });
    expect(await roleNamesOf(t, ids.employee2!)).toEqual(['Staff']);
    expect(await userRowById(t, ids.employee2!)).toEqual(before);

    const assign = await client.post('groupadmin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [ids.employee1],
    });
    expect(assign.statusCode).toBe(403);
    expect(assign.json().Message).toContain("'Manager'");
    expect(await roleNamesOf(t, ids.employee1!)).toEqual(['Staff']);
  });

  it('gives and takes away delegated roles, leaving the roles it may not touch as they are', async () => {
    await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [ids.demo],
    });
    expect(await roleNamesOf(t, ids.demo!)).toEqual(['Manager', 'Staff']);
    const editor = (
      await client.get('groupadmin', `/api/users/GetUserById/${ids.demo}`)
    ).json<UserAnswer>();
    const res = await client.post('groupadmin', '/api/users/SaveUser', {
      ...editor,
      Roles: editor.Roles.map((r) => (r.Id === ids.Staff ? { ...r, IsChecked: false } : r)),
    });
    expect(res.statusCode).toBe(200);
    expect(await roleNamesOf(t, ids.demo!)).toEqual(['Manager']);

    const back = await client.post('groupadmin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Staff,
      UserIds: [ids.demo],
    });
    expect(back.json()).toEqual({ Assigned: 1 });
    expect(await roleNamesOf(t, ids.demo!)).toEqual(['Manager', 'Staff']);
  });

  it('lets administrators and role managers give any role, but nobody grant themselves one', async () => {
    const byManager = await client.post('rolemanager', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee1!)),
      Roles: [{ Id: ids.Manager, IsChecked: true }],
    });
    expect(byManager.statusCode).toBe(200);
    expect(await roleNamesOf(t, ids.employee1!)).toEqual(['Manager', 'Staff']);
    const byAdmin = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [ids.employee2],
    });
    expect(byAdmin.json()).toEqual({ Assigned: 1 });

    const adminSelf = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.admin!)),
      Roles: [{ Id: ids.Staff, IsChecked: true }],
    });
    expect(adminSelf.statusCode).toBe(403);
    expect(adminSelf.json()).toEqual({ Message: 'You cannot grant yourself a role.' });
    const adminAssignSelf = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Staff,
      UserIds: [ids.admin],
    });
    expect(adminAssignSelf.statusCode).toBe(403);
    expect(await roleNamesOf(t, ids.admin!)).toEqual(['Administrator']);
    const assignerSelf = await client.post('groupadmin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Staff,
      UserIds: [ids.groupadmin],
    });
    expect(assignerSelf.statusCode).toBe(403);
    expect(await roleNamesOf(t, ids.groupadmin!)).toEqual(['Group administrator']);
  });
});
