import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPassword, systemPermissions } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  delegate,
  editableUser,
  idsOf,
  roleNamesOf,
  setUsersBelongTo,
  userIdOf,
  userRowById,
} from './people-support';
import { apiClient } from '../support/api-client';

const manageUsers = systemPermissions.find((p) => p.Code === 'ManageUsers')!.Id;
const permissionId = (code: string) => systemPermissions.find((p) => p.Code === code)!.Id;

describe('users: who may change the roles of a user', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await setUsersBelongTo(t, 3);
    // A delegated role whose permissions group administrators hold themselves, unlike Manager.
    await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Crew leads',
      Permissions: [{ Id: permissionId('ViewDeliveries'), IsChecked: true }],
    });
    await delegate(t, 'Group administrator', ['Crew leads', 'Manager', 'Staff']);
    // A clerk may manage users but not assign roles or place users in companies.
    const clerks = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'User clerks',
      Permissions: [{ Id: manageUsers, IsChecked: true }],
    });
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'clerk',
      Password: browserDigest(demoPassword),
      Roles: [{ Id: clerks.json<{ Id: number }>().Id, IsChecked: true }],
    });
    ids = await idsOf(
      t,
      ['admin', 'clerk', 'groupadmin', 'companyadmin', 'employee1', 'employee2'],
      ['Administrator', 'Manager', 'Staff', 'Crew leads'],
    );
  });
  afterAll(() => t.close());
  beforeEach(() => setUsersBelongTo(t, 3));

  it('grants nothing through extra fields of a payload', async () => {
    const res = await client.post('clerk', '/api/users/SaveUser', {
      Name: 'sneaky',
      IsAdmin: true,
      Roles: [
        { Id: ids.Administrator, IsChecked: true },
        { Id: ids.Manager, IsChecked: true },
      ],
      Company: { Id: 1 },
      Permissions: ['ManageUsers'],
      PasswordHash: 'scrypt$1$1$1$x$y',
      Version: 7,
    });
    expect(res.json()).toMatchObject({
      Succeeded: true,
      User: { Name: 'sneaky', IsAdmin: false, Company: null },
    });
    const sneaky = await userIdOf(t, 'sneaky');
    expect(await roleNamesOf(t, sneaky)).toEqual([]);
    expect(await userRowById(t, sneaky)).toMatchObject({
      companyId: null,
      passwordHash: null,
      version: 1,
    });

    const own = await client.post('clerk', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.clerk!)),
      Roles: [{ Id: ids.Administrator, IsChecked: true }],
    });
    expect(own.json()).toMatchObject({ Succeeded: true, User: { IsAdmin: false } });
    expect(await roleNamesOf(t, ids.clerk!)).toEqual(['User clerks']);
  });

  it('lets a role assigner assign delegated ordinary roles only, and never to themselves', async () => {
    // A group administrator reaches only the members of their own groups: employee1 (North
    // crews), not employee2 (South crews).
    const target = ids.employee1!;
    const grant = await client.post('groupadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, target)),
      Roles: [{ Id: ids['Crew leads'], IsChecked: true }],
    });
    expect(grant.statusCode).toBe(200);
    expect(await roleNamesOf(t, target)).toEqual(['Crew leads', 'Staff']);

    const before = await userRowById(t, target);
    // Delegated, but Manager holds permissions groupadmin does not hold.
    const manager = await client.post('groupadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, target)),
      Roles: [{ Id: ids.Manager, IsChecked: true }],
    });
    expect(manager.statusCode).toBe(403);
    expect(manager.json().Message).toMatch(/^You cannot give the role 'Manager': it holds /);
    const admin = await client.post('groupadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, target)),
      Roles: [{ Id: ids.Administrator, IsChecked: true }],
    });
    expect(admin.statusCode).toBe(403);
    expect(await roleNamesOf(t, target)).toEqual(['Crew leads', 'Staff']);
    expect(await userRowById(t, target)).toEqual(before);

    const self = await client.post('groupadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.groupadmin!)),
      Roles: [{ Id: ids.Manager, IsChecked: true }],
    });
    expect(self.statusCode).toBe(403);
    expect(await roleNamesOf(t, ids.groupadmin!)).toEqual(['Group administrator']);

    const adminBefore = await userRowById(t, ids.admin!);
    // admin is in none of groupadmin's groups: out of scope answers 404, as reads do.
    const takeover = await client.post('groupadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.admin!)),
      Password: browserDigest('taken-over'),
    });
    expect(takeover.statusCode).toBe(404);
    expect(takeover.json()).toEqual({ Message: 'The user does not exist.' });
    // A user manager who reaches everyone still cannot manage an administrator.
    const byClerk = await client.post('clerk', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.admin!)),
      Password: browserDigest('taken-over'),
    });
    expect(byClerk.statusCode).toBe(403);
    expect(byClerk.json()).toEqual({
      Message: "Only an administrator can change an administrator's account.",
    });
    expect(await userRowById(t, ids.admin!)).toEqual(adminBefore);
  });

  it("keeps an admin's own admin role", async () => {
    const before = await userRowById(t, ids.admin!);
    const res = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.admin!)),
      FirstName: 'Changed',
      Roles: [{ Id: ids.Administrator, IsChecked: false }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Message: 'You cannot remove the administrator role from your own account.',
      Errors: [{ Field: 'Roles', Message: expect.any(String) }],
    });
    expect(await roleNamesOf(t, ids.admin!)).toEqual(['Administrator']);
    expect(await userRowById(t, ids.admin!)).toEqual(before);
  });

  it('assigns users to a role within the same rules', async () => {
    const fresh: number[] = [];
    for (const Name of ['assignee-a', 'assignee-b']) {
      const created = await client.post('admin', '/api/users/SaveUser', { Name });
      fresh.push(created.json<{ User: { Id: number } }>().User.Id);
    }
    const res = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: fresh,
    });
    expect(res.json()).toEqual({ Assigned: 2 });
    expect(await roleNamesOf(t, fresh[1]!)).toEqual(['Manager']);
    const again = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [fresh[0]],
    });
    expect(again.json()).toEqual({ Assigned: 0 });
    const employeeRoles = await roleNamesOf(t, ids.employee1!);

    const toAdmin = await client.post('groupadmin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Administrator,
      UserIds: [ids.employee1],
    });
    expect(toAdmin.statusCode).toBe(403);
    const toSelf = await client.post('groupadmin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [ids.groupadmin],
    });
    expect(toSelf.statusCode).toBe(403);
    const noRight = await client.post('clerk', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [ids.employee1],
    });
    expect(noRight.statusCode).toBe(403);
    expect(await roleNamesOf(t, ids.groupadmin!)).toEqual(['Group administrator']);
    expect(await roleNamesOf(t, ids.employee1!)).toEqual(employeeRoles);

    const unknownUser = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Manager,
      UserIds: [99999],
    });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().Errors).toEqual([{ Field: 'UserIds', Message: expect.any(String) }]);
    const unknownRole = await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: 99999,
      UserIds: [ids.employee1],
    });
    expect(unknownRole.statusCode).toBe(404);
  });

  it('refuses a user save read before a role assignment, so the assignment is not undone', async () => {
    const created = await client.post('admin', '/api/users/SaveUser', { Name: 'late-reader' });
    const user = created.json<{ User: { Id: number; Name: string; Version: number } }>().User;
    await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Staff,
      UserIds: [user.Id],
    });
    const stale = await client.post('admin', '/api/users/SaveUser', {
      ...user,
      Roles: [{ Id: ids.Staff, IsChecked: false }],
    });
    expect(stale.statusCode).toBe(409);
    expect(await roleNamesOf(t, user.Id)).toEqual(['Staff']);
  });
});
