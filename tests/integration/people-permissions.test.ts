import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDefinitions, systemPermissions } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';
import { roleIdOf } from './people-support';
import { apiClient } from '../support/api-client';

interface PermissionAnswer {
  Id: number;
  Code: string;
  Name: string;
  IsParameterised: boolean;
  IsSystem: boolean;
  Version: number;
}

describe('permissions', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  const permissionRow = (id: number) =>
    t.database.db.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  it('lists the system permissions', async () => {
    const res = await client.get('admin', '/api/permissions/GetAllPermissions');
    expect(res.statusCode).toBe(200);
    const all = res.json<PermissionAnswer[]>();
    expect(all).toHaveLength(systemPermissions.length);
    expect(all).toContainEqual({
      Id: 1,
      Code: 'ManageUsers',
      Name: 'Manage users',
      IsParameterised: false,
      IsSystem: true,
      Version: 1,
    });
    const one = await client.get('admin', '/api/permissions/GetPermissionById/3');
    expect(one.json()).toMatchObject({ Id: 3, Code: 'ManageRoles' });
    expect((await client.get('admin', '/api/permissions/GetPermissionById/99999')).statusCode).toBe(
      404,
    );
  });

  it('pages, sorts and counts the OData list, and refuses unknown options', async () => {
    const res = await client.get(
      'admin',
      '/odata/PermissionsOData?$orderby=Code desc&$top=3&$skip=2&$count=true',
    );
    const codes = systemPermissions
      .map((p) => p.Code)
      .sort()
      .reverse();
    expect(res.json()).toEqual({
      '@odata.count': systemPermissions.length,
      value: codes.slice(2, 5).map((Code) => expect.objectContaining({ Code })),
    });
    const ids = await client.get('admin', '/odata/PermissionsOData?$orderby=Id&$top=2');
    expect(ids.json<{ value: PermissionAnswer[] }>().value.map((p) => p.Id)).toEqual([1, 2]);
    const unknown = await client.get('admin', '/odata/PermissionsOData?$expand=Roles');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      Message: '$expand: is not supported.',
      Errors: [{ Field: '$expand', Message: '$expand: is not supported.' }],
    });
  });

  it('creates permissions with ids from 1000 up and unique codes', async () => {
    const created = await client.post('admin', '/api/permissions/SavePermission', {
      Code: 'ApproveOvertime',
      Name: 'Approve overtime',
      IsParameterised: true,
    });
    expect(created.statusCode).toBe(200);
    const permission = created.json<PermissionAnswer>();
    expect(permission).toMatchObject({ Code: 'ApproveOvertime', IsSystem: false, Version: 1 });
    expect(permission.Id).toBeGreaterThanOrEqual(1000);
    expect(await permissionRow(permission.Id)).toMatchObject({
      code: 'ApproveOvertime',
      isParameterised: true,
    });
    const second = await client.post('admin', '/api/permissions/SavePermission', {
      Code: 'ApproveLeave',
      Name: 'Approve leave',
    });
    expect(second.json<PermissionAnswer>().Id).toBe(permission.Id + 1);

    for (const Code of ['approveovertime', 'MANAGEUSERS']) {
      const taken = await client.post('admin', '/api/permissions/SavePermission', {
        Code,
        Name: 'Taken',
      });
      expect(taken.statusCode, Code).toBe(400);
      expect(taken.json().Errors).toEqual([{ Field: 'Code', Message: expect.any(String) }]);
    }
    for (const Code of ['Two words', 'A,B', '!Not', 'Par(am)', 'A&B', '']) {
      const bad = await client.post('admin', '/api/permissions/SavePermission', {
        Code,
        Name: 'Bad',
      });
      expect(bad.statusCode, Code).toBe(400);
      expect(bad.json().Errors[0]).toMatchObject({ Field: 'Code' });
    }
    const names = await t.database.db.selectFrom('permissions').select('name').execute();
    expect(names.map((p) => p.name)).not.toContain('Taken');
  });

  it("edits a user permission with optimistic concurrency, never a system one's code", async () => {
    const permission = (
      await client.post('admin', '/api/permissions/SavePermission', {
        Code: 'CloseSites',
        Name: 'Close sites',
      })
    ).json<PermissionAnswer>();
    const edited = await client.post('admin', '/api/permissions/SavePermission', {
      ...permission,
      Name: 'Close road sites',
    });
    expect(edited.json()).toMatchObject({ Name: 'Close road sites', Version: 2 });
    const stale = await client.post('admin', '/api/permissions/SavePermission', {
      ...permission,
      Name: 'Stale',
    });
    expect(stale.statusCode).toBe(409);
    expect(await permissionRow(permission.Id)).toMatchObject({
      name: 'Close road sites',
      version: 2,
    });

    const system = await permissionRow(1);
    const change = await client.post('admin', '/api/permissions/SavePermission', {
      Id: 1,
      Code: 'ManageEverything',
      Name: 'Manage everything',
      Version: system!.version,
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().Errors).toEqual([
      {
        Field: 'Code',
        Message: "'ManageUsers' is a system permission: its code cannot be changed.",
      },
    ]);
    expect(await permissionRow(1)).toEqual(system);
  });

  it('deletes user permissions, with the roles holding them, but never a system permission', async () => {
    const permission = (
      await client.post('admin', '/api/permissions/SavePermission', {
        Code: 'Temporary',
        Name: 'Temporary',
      })
    ).json<PermissionAnswer>();
    const staff = await roleIdOf(t, 'Staff');
    const role = (await client.get('admin', `/api/roles/GetRoleById/${staff}`)).json<{
      Version: number;
    }>();
    await client.post('admin', '/api/Roles/SaveRole', {
      Id: staff,
      Name: 'Staff',
      Version: role.Version,
      Permissions: [{ Id: permission.Id, IsChecked: true }],
    });
    const res = await client.get('admin', `/api/permissions/DeletePermission/${permission.Id}`);
    expect(res.statusCode).toBe(204);
    expect(await permissionRow(permission.Id)).toBeUndefined();
    const held = await t.database.db
      .selectFrom('rolePermissions')
      .selectAll()
      .where('permissionId', '=', permission.Id)
      .execute();
    expect(held).toEqual([]);
    expect(
      (await client.get('admin', `/api/permissions/DeletePermission/${permission.Id}`)).statusCode,
    ).toBe(404);

    const system = await client.get('admin', '/api/permissions/DeletePermission/1');
    expect(system.statusCode).toBe(409);
    expect(system.json()).toEqual({
      Message: "'ManageUsers' is a system permission and cannot be deleted.",
    });
    expect(await permissionRow(1)).toBeDefined();
  });

  it('lists what each screen requires', async () => {
    const res = await client.get('admin', '/api/permissions/GetRoutePermissions');
    expect(res.json()).toEqual(
      routeDefinitions.map((r) => ({ Name: r.name, Route: r.route, Permission: r.Permission })),
    );
  });
});
