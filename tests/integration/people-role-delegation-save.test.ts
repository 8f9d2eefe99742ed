import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { roleIdOf } from './people-support';
import { apiClient } from '../support/api-client';

interface RoleEditor {
  Id: number;
  Name: string;
  Version: number;
  Permissions: { Id: number; Name: string; IsChecked: boolean }[];
  DelegatedRoles: { Id: number; Name: string; IsChecked: boolean }[];
}

describe('roles: delegated roles in the role editor', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  const delegationsOf = (roleId: number) =>
    t.database.db
      .selectFrom('roleDelegations')
      .select('delegatedRoleId')
      .where('roleId', '=', roleId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  it('lists every other role with what the role delegates, and saves a change with the role', async () => {
    const manager = await roleIdOf(t, 'Manager');
    const staff = await roleIdOf(t, 'Staff');
    const role = (
      await client.get('admin', `/api/roles/GetRoleById/${manager}`)
    ).json<RoleEditor>();
    expect(role.DelegatedRoles.map((r) => r.Name)).not.toContain('Manager');
    expect(role.DelegatedRoles.find((r) => r.Id === staff)).toMatchObject({ IsChecked: false });

    const saved = await client.post('admin', '/api/Roles/SaveRole', {
      ...role,
      DelegatedRoles: [{ Id: staff, IsChecked: true }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<RoleEditor>().DelegatedRoles.find((r) => r.Id === staff)?.IsChecked).toBe(
      true,
    );
    expect(await delegationsOf(manager)).toEqual([{ delegatedRoleId: staff }]);

    const selfish = await client.post('admin', '/api/Roles/SaveRole', {
      ...saved.json<RoleEditor>(),
      DelegatedRoles: [{ Id: manager, IsChecked: true }],
    });
    expect(selfish.statusCode).toBe(400);
    expect(await delegationsOf(manager)).toEqual([{ delegatedRoleId: staff }]);
  });

  it('lets a role manager without ManageDelegatedRoles save a role, but not change what it delegates', async () => {
    const manager = await roleIdOf(t, 'Manager');
    const staff = await roleIdOf(t, 'Staff');
    // The Manager role gets ManageRoles (but not ManageDelegatedRoles).
    const managerRole = (
      await client.get('admin', `/api/roles/GetRoleById/${manager}`)
    ).json<RoleEditor>();
    const granted = await client.post('admin', '/api/Roles/SaveRole', {
      ...managerRole,
      Permissions: managerRole.Permissions.map((p) =>
        p.Name === 'Manage roles' ? { ...p, IsChecked: true } : p,
      ),
    });
    expect(granted.statusCode, granted.body).toBe(200);

    const staffRole = (
      await client.get('manager', `/api/roles/GetRoleById/${staff}`)
    ).json<RoleEditor>();
    const unchanged = await client.post('manager', '/api/Roles/SaveRole', {
      ...staffRole,
      Name: 'Staff',
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);

    const changed = await client.post('manager', '/api/Roles/SaveRole', {
      ...unchanged.json<RoleEditor>(),
      DelegatedRoles: [{ Id: manager, IsChecked: true }],
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().Message).toBe('You may not change the roles a role delegates.');
    expect(await delegationsOf(staff)).toEqual([]);
  });
});
