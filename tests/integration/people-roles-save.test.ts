import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, systemPermissions } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { createTestApp, type TestApp } from '../support/test-app';
import { type RoleAnswer, roleIdOf, userIdOf } from './people-support';
import { apiClient } from '../support/api-client';

const permissionId = (code: string) => systemPermissions.find((p) => p.Code === code)!.Id;
const [view, amend, exportIt] = ['ViewDeliveries', 'AmendDeliveries', 'ExportDeliveries'].map(
  permissionId,
);

describe('roles: saving and deleting', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let adminRole: number;
  let staffRole: number;
  const roleRow = (id: number) =>
    t.database.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  const permissionIdsOf = async (roleId: number) =>
    (
      await t.database.db
        .selectFrom('rolePermissions')
        .select('permissionId')
        .where('roleId', '=', roleId)
        .execute()
    )
      .map((p) => p.permissionId)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    adminRole = await roleIdOf(t, 'Administrator');
    staffRole = await roleIdOf(t, 'Staff');
  });
  afterAll(() => t.close());

  it('creates and edits a role and its permissions, with optimistic concurrency', async () => {
    const created = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Dispatchers',
      Permissions: [
        { Id: view, IsChecked: true },
        { Id: amend, IsChecked: true },
      ],
    });
    expect(created.statusCode).toBe(200);
    const role = created.json<RoleAnswer>();
    expect(role).toMatchObject({ Name: 'Dispatchers', IsAdmin: false, Version: 1 });
    expect(await permissionIdsOf(role.Id)).toEqual([view, amend]);

    const edited = await client.post('admin', '/api/Roles/SaveRole', {
      ...role,
      Name: 'Dispatch',
      Permissions: [
        { Id: amend, IsChecked: false },
        { Id: exportIt, IsChecked: true },
      ],
    });
    expect(edited.json()).toMatchObject({ Name: 'Dispatch', Version: 2 });
    expect(await permissionIdsOf(role.Id)).toEqual([view, exportIt]);
    expect(await roleRow(role.Id)).toMatchObject({ name: 'Dispatch', version: 2 });

    const stale = await client.post('admin', '/api/Roles/SaveRole', { ...role, Name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(await roleRow(role.Id)).toMatchObject({ name: 'Dispatch', version: 2 });
    expect(await permissionIdsOf(role.Id)).toEqual([view, exportIt]);

    const duplicate = await client.post('admin', '/api/Roles/SaveRole', { Name: 'staff' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().Errors).toEqual([{ Field: 'Name', Message: expect.any(String) }]);
    const unknown = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Ghosts',
      Permissions: [{ Id: 99999, IsChecked: true }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors).toEqual([{ Field: 'Permissions', Message: expect.any(String) }]);
  });

  it('does not edit the permissions of an admin role, nor make a role admin later', async () => {
    const before = await roleRow(adminRole);
    const res = await client.post('admin', '/api/Roles/SaveRole', {
      Id: adminRole,
      Name: 'Administrator',
      Version: before!.version,
      Permissions: [{ Id: permissionId('ManageUsers'), IsChecked: false }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Message: 'The permissions of an administrator role cannot be edited.',
      Errors: [{ Field: 'Permissions', Message: expect.any(String) }],
    });
    expect(await roleRow(adminRole)).toEqual(before);
    expect(await permissionIdsOf(adminRole)).toEqual([]);

    const staff = await roleRow(staffRole);
    const promote = await client.post('admin', '/api/Roles/SaveRole', {
      Id: staffRole,
      Name: 'Staff',
      IsAdmin: true,
      Version: staff!.version,
    });
    expect(promote.statusCode).toBe(400);
    expect(await roleRow(staffRole)).toEqual(staff);
  });

  it('creates admin roles for administrators only', async () => {
    const managers = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Role managers',
      Permissions: [{ Id: permissionId('ManageRoles'), IsChecked: true }],
    });
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'rolemanager',
      Password: browserDigest(demoPassword),
      Roles: [{ Id: managers.json<{ Id: number }>().Id, IsChecked: true }],
    });
    const refused = await client.post('rolemanager', '/api/Roles/SaveRole', {
      Name: 'Shadow admins',
      IsAdmin: true,
    });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Deputy admins',
      IsAdmin: true,
    });
    expect(byAdmin.json()).toMatchObject({ IsAdmin: true });
    const names = await t.database.db.selectFrom('roles').select('name').execute();
    expect(names.map((r) => r.name)).not.toContain('Shadow admins');
  });

  it('deletes ordinary roles but never an admin role, explaining a refusal in ExceptionMessage', async () => {
    const role = (
      await client.post('admin', '/api/Roles/SaveRole', { Name: 'Temporary' })
    ).json<RoleAnswer>();
    await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: role.Id,
      UserIds: [await userIdOf(t, 'demo')],
    });
    const res = await client.get('admin', `/api/roles/DeleteRole/${role.Id}`);
    expect(res.statusCode).toBe(204);
    expect(await roleRow(role.Id)).toBeUndefined();
    const held = await t.database.db
      .selectFrom('userRoles')
      .selectAll()
      .where('roleId', '=', role.Id)
      .execute();
    expect(held).toEqual([]);

    // The spec's client shows ExceptionMessage when a role delete fails.
    const gone = await client.get('admin', `/api/roles/DeleteRole/${role.Id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      Message: 'The role does not exist.',
      ExceptionMessage: 'The role does not exist.',
    });
    const admin = await client.get('admin', `/api/roles/DeleteRole/${adminRole}`);
    expect(admin.statusCode).toBe(409);
    const refusal = "'Administrator' is an administrator role and cannot be deleted.";
    expect(admin.json()).toEqual({ Message: refusal, ExceptionMessage: refusal });
    expect(await roleRow(adminRole)).toBeDefined();
  });
});
