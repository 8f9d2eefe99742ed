import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPermissions } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';
import { type RoleAnswer, roleIdOf, userIdOf } from './people-support';
import { apiClient } from '../support/api-client';

describe('roles: reading and delegation', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let adminRole: number;
  let staffRole: number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    adminRole = await roleIdOf(t, 'Administrator');
    staffRole = await roleIdOf(t, 'Staff');
  });
  afterAll(() => t.close());

  it('lists roles with how many users hold them', async () => {
    const res = await client.get('admin', '/api/roles/GetAllRoles');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      Id: staffRole,
      Name: 'Staff',
      IsAdmin: false,
      IsParameterised: false,
      UsersNum: 3,
      Version: 1,
    });
    const page = await client.get('admin', '/odata/RolesOData?$orderby=IsAdmin desc,Name&$top=2');
    expect(page.json()).toMatchObject({
      '@odata.count': 5,
      value: [{ Name: 'Administrator' }, { Name: 'Company administrator' }],
    });
    expect((await client.get('admin', '/odata/RolesOData?$orderby=Secret')).statusCode).toBe(400);
    const assigner = await client.get('groupadmin', '/api/roles/GetAllRoles');
    expect(assigner.statusCode).toBe(200);
  });

  it('reads a role with every permission, all checked for an admin role', async () => {
    const staff = (
      await client.get('admin', `/api/roles/GetRoleById/${staffRole}`)
    ).json<RoleAnswer>();
    expect(staff.Permissions).toHaveLength(systemPermissions.length);
    expect(
      staff.Permissions.filter((p) => p.IsChecked)
        .map((p) => p.Name)
        .sort(),
    ).toEqual(['Amend deliveries', 'Export deliveries', 'View deliveries']);
    expect(staff.Permissions[0]).toEqual({
      Id: expect.any(Number),
      Name: expect.any(String),
      IsChecked: expect.any(Boolean),
    });
    const admin = (
      await client.get('admin', `/api/roles/GetRoleById/${adminRole}`)
    ).json<RoleAnswer>();
    expect(admin.Permissions.every((p) => p.IsChecked)).toBe(true);
    const blank = (await client.get('admin', '/api/roles/GetRoleById/0')).json<RoleAnswer>();
    expect(blank).toMatchObject({ Id: 0, Name: '', IsAdmin: false, Version: 0 });
    expect((await client.get('admin', '/api/roles/GetRoleById/99999')).statusCode).toBe(404);

    const all = (await client.get('admin', '/api/roles/GetRolePermissions')).json<
      RoleAnswer['Permissions']
    >();
    expect(all).toHaveLength(systemPermissions.length);
    expect(all.every((p) => !p.IsChecked)).toBe(true);

    const full = (await client.get('admin', '/api/roles/GetFullListOfRoles')).json<
      { Name: string; Permissions: { Name: string }[]; DelegatedRoles: unknown[] }[]
    >();
    expect(
      full
        .find((r) => r.Name === 'Staff')
        ?.Permissions.map((p) => p.Name)
        .sort(),
    ).toEqual(['Amend deliveries', 'Export deliveries', 'View deliveries']);
  });

  it("lists a user's roles", async () => {
    const id = await userIdOf(t, 'manager');
    const res = await client.get('admin', `/api/roles/GetRolesByUserId/${id}`);
    expect(res.json()).toEqual([
      { Id: await roleIdOf(t, 'Manager'), Name: 'Manager', IsAdmin: false, IsChecked: true },
    ]);
    expect((await client.get('admin', '/api/roles/GetRolesByUserId/99999')).statusCode).toBe(404);
  });

  it('reads and updates delegated roles', async () => {
    const manager = await roleIdOf(t, 'Manager');
    const update = await client.put('admin', `/api/Roles/UpdateDelegatedRoles/${manager}`, [
      { Id: staffRole, IsChecked: true },
    ]);
    expect(update.statusCode).toBe(200);
    expect(update.json()).toContainEqual({
      Id: staffRole,
      Name: 'Staff',
      IsAdmin: false,
      IsChecked: true,
    });
    const rows = await t.database.db
      .selectFrom('roleDelegations')
      .selectAll()
      .where('roleId', '=', manager)
      .execute();
    expect(rows).toEqual([{ roleId: manager, delegatedRoleId: staffRole }]);

    const one = (await client.get('admin', `/api/roles/GetDeledatedRoles/${manager}`)).json<
      { Id: number; IsChecked: boolean }[]
    >();
    expect(one.filter((r) => r.IsChecked).map((r) => r.Id)).toEqual([staffRole]);
    expect(one.map((r) => r.Id)).not.toContain(manager);
    const overview = (await client.get('admin', '/api/roles/GetDeledatedRoles')).json<
      { Id: number; DelegatedRoles: { Id: number; Name: string }[] }[]
    >();
    expect(overview.find((r) => r.Id === manager)?.DelegatedRoles).toEqual([
      { Id: staffRole, Name: 'Staff' },
    ]);
    const byUser = await client.get(
      'admin',
      `/api/roles/GetDelegatedRolesByUserId/${await userIdOf(t, 'manager')}`,
    );
    expect(byUser.json()).toEqual([{ Id: staffRole, Name: 'Staff', IsAdmin: false }]);

    const self = await client.put('admin', `/api/Roles/UpdateDelegatedRoles/${manager}`, [
      { Id: manager, IsChecked: true },
    ]);
    expect(self.statusCode).toBe(400);
    const unknown = await client.put('admin', `/api/Roles/UpdateDelegatedRoles/${manager}`, [
      { Id: 99999, IsChecked: true },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(
      (await client.put('admin', '/api/Roles/UpdateDelegatedRoles/99999', [])).statusCode,
    ).toBe(404);
    expect(
      await t.database.db
        .selectFrom('roleDelegations')
        .selectAll()
        .where('roleId', '=', manager)
        .execute(),
    ).toEqual(rows);
  });
});
