import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, systemPermissions, systemRoles } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  delegate,
  editableUser,
  idsOf,
  roleIdOf,
  roleNamesOf,
  type UserAnswer,
  userRowById,
} from './people-support';
import { apiClient } from '../support/api-client';

const permissionId = (code: string) => systemPermissions.find((p) => p.Code === code)!.Id;
const permissionsOfRole = (name: string) => systemRoles.find((r) => r.Name === name)!.Permissions;

describe('roles: an assigner gives only the roles delegated to their roles', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await delegate(t, 'Group administrator', ['Staff']);
    // Role managers are not limited to delegated roles, but (not being administrators) give
    // only roles whose permissions they hold and manage only users whose permissions they
    // hold: so they hold everything a Manager holds.
    const managers = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Role managers',
      Permissions: ['ManageRoles', 'ManageUsers', ...permissionsOfRole('Manager')].map((code) => ({
        Id: permissionId(code),
        IsChecked: true,
      })),
    });
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'rolemanager',
      Password: browserDigest(demoPassword),
      Roles: [{ Id: managers.json<{ Id: number }>().Id, IsChecked: true }],
    });
    // A role not delegated to group administrators, holding only permissions they hold
    // themselves, so that they may still manage a user who holds it.
    const leads = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Crew leads',
      Permissions: permissionsOfRole('Staff').map((code) => ({
        Id: permissionId(code),
        IsChecked: true,
      })),
    });
    expect(leads.statusCode).toBe(200);
    ids = await idsOf(
      t,
      ['admin', 'groupadmin', 'rolemanager', 'demo', 'employee1', 'employee2'],
      ['Administrator', 'Manager', 'Staff', 'Crew leads'],
    );
    // A group administrator reaches only the members of their own groups (North crews, with
    // employee1): bring employee2 and demo into their reach.
    const north = await t.database.db
      .selectFrom('groups')
      .select('id')
      .where('name', '=', 'North crews')
      .executeTakeFirstOrThrow();
    const joined = await client.post('admin', '/api/users/AssignUsersToGroup', {
      GroupId: north.id,
      UserIds: [ids.employee2, ids.demo],
    });
    expect(joined.json()).toEqual({ Assigned: 2 });
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
    // 'Crew leads' is not delegated to group administrators (unlike Staff). A role holding
    // permissions groupadmin lacks (Manager) would put demo out of their hands altogether.
    await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids['Crew leads'],
      UserIds: [ids.demo],
    });
    expect(await roleNamesOf(t, ids.demo!)).toEqual(['Crew leads', 'Staff']);
    const read = await client.get('groupadmin', `/api/users/GetUserById/${ids.demo}`);
    expect(read.statusCode).toBe(200);
    const editor = read.json<UserAnswer>();
    expect(editor.Roles.filter((r) => r.IsChecked).map((r) => r.Name)).toEqual(
      expect.arrayContaining(['Crew leads', 'Staff']),
    );
    const res = await client.post('groupadmin', '/api/users/SaveUser', {
      ...editor,
      Roles: editor.Roles.map((r) => (r.Id === ids.Staff ? { ...r, IsChecked: false } : r)),
    });
    expect(res.statusCode).toBe(200);
    expect(await roleNamesOf(t, ids.demo!)).toEqual(['Crew leads']);

    const untouchable = await client.post('groupadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.demo!)),
      Roles: [{ Id: ids['Crew leads'], IsChecked: false }],
    });
    expect(untouchable.statusCode).toBe(403);
    expect(untouchable.json()).toEqual({
      Message:
        "You can only give or take away the roles delegated to your roles, not 'Crew leads'.",
    });
    expect(await roleNamesOf(t, ids.demo!)).toEqual(['Crew leads']);

    const back = await client.post('groupadmin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Staff,
      UserIds: [ids.demo],
    });
    expect(back.json()).toEqual({ Assigned: 1 });
    expect(await roleNamesOf(t, ids.demo!)).toEqual(['Crew leads', 'Staff']);
  });

  it('lets administrators and role managers give any role, but nobody grant themselves one', async () => {
    const byManager = await client.post('rolemanager', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee1!)),
      Roles: [{ Id: ids.Manager, IsChecked: true }],
    });
    expect(byManager.statusCode).toBe(200);
    expect(await roleNamesOf(t, ids.employee1!)).toEqual(['Manager', 'Staff']);
    // Not limited by delegations, yet no role holding permissions they lack.
    const beyond = await client.post('rolemanager', '/api/users/AssignUsersToRole', {
      RoleId: await roleIdOf(t, 'Group administrator'),
      UserIds: [ids.employee1],
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().Message).toMatch(
      /^You cannot give the role 'Group administrator': it holds .*ManageGroups/,
    );
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
