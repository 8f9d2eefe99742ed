import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, roleEntity, systemPermissions, systemRoles } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, delegate, idsOf, roleNamesOf, userRowById } from './people-support';

const permissionId = (code: string) => systemPermissions.find((p) => p.Code === code)!.Id;
const staffPermissions = systemRoles.find((r) => r.Name === 'Staff')!.Permissions;
const rows = `/api/dataSources/${roleEntity.id}/data`;

/**
 * The role rules are hooks of the engine, so the generic row routes meet them as the spec's
 * calls do: each refusal leaves the roles, their permissions, delegations and holders as
 * they were.
 */
describe('roles: the rules hold on the generic row routes', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;

  /** Everything a role write could change. */
  const roleTables = async () => ({
    roles: await t.database.db.selectFrom('roles').selectAll().orderBy('id').execute(),
    permissions: await t.database.db
      .selectFrom('rolePermissions')
      .selectAll()
      .orderBy('roleId')
      .orderBy('permissionId')
      .execute(),
    delegations: await t.database.db
      .selectFrom('roleDelegations')
      .selectAll()
      .orderBy('roleId')
      .orderBy('delegatedRoleId')
      .execute(),
    holders: await t.database.db
      .selectFrom('userRoles')
      .selectAll()
      .orderBy('roleId')
      .orderBy('userId')
      .execute(),
  });
  const versionOf = async (roleId: number) =>
    (
      await t.database.db
        .selectFrom('roles')
        .select('version')
        .where('id', '=', roleId)
        .executeTakeFirstOrThrow()
    ).version;
  /** PUT of the role's row through the generic route, at its current version. */
  const put = async (who: string, roleId: number, json: Record<string, unknown>) =>
    client.put(who, rows, { Id: roleId, Json: { Version: await versionOf(roleId), ...json } });
  /** The call is refused with `status` and `message`, and no role table changed. */
  const expectRefused = async (
    call: () => Promise<{ statusCode: number; json: () => { Message: string } }>,
    status: number,
    message: string | RegExp,
  ) => {
    const before = await roleTables();
    const res = await call();
    expect(res.statusCode).toBe(status);
    expect(res.json().Message).toMatch(message);
    expect(await roleTables()).toEqual(before);
  };
  const checked = (Id: number | undefined, IsChecked = true) => [{ Id, IsChecked }];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const withUser = async (role: string, user: string, codes: string[]) => {
      const saved = await client.post('admin', '/api/Roles/SaveRole', {
        Name: role,
        Permissions: codes.map((code) => ({ Id: permissionId(code), IsChecked: true })),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const created = await client.post('admin', '/api/users/SaveUser', {
        Name: user,
        Password: browserDigest(demoPassword),
        Roles: checked(saved.json<{ Id: number }>().Id),
      });
      expect(created.statusCode, created.body).toBe(200);
    };
    await withUser('Role managers', 'rolemanager', ['ManageRoles', ...staffPermissions]);
    await withUser('Delegation managers', 'delegator', [
      'ManageDelegatedRoles',
      ...staffPermissions,
    ]);
    const crewLeads = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Crew leads',
      Permissions: [{ Id: permissionId('ViewDeliveries'), IsChecked: true }],
    });
    expect(crewLeads.statusCode).toBe(200);
    await delegate(t, 'Group administrator', ['Staff', 'Crew leads']);
    ids = await idsOf(
      t,
      ['admin', 'groupadmin', 'companyadmin', 'employee1', 'employee2', 'rolemanager'],
      [
        'Administrator',
        'Manager',
        'Staff',
        'Group administrator',
        'Crew leads',
        'Role managers',
        'Delegation managers',
      ],
    );
  });
  afterAll(() => t.close());

  it('keeps a role manager to permissions they hold, off their own role and off delegations', async () => {
    await expectRefused(
      () => put('rolemanager', ids.Staff!, { Permissions: checked(permissionId('ManageUsers')) }),
      403,
      'You cannot give a role permissions you do not hold yourself: ManageUsers.',
    );
    await expectRefused(
      () =>
        put('rolemanager', ids['Role managers']!, {
          Permissions: checked(permissionId('ViewDeliveries'), false),
        }),
      403,
      'You cannot change the permissions of a role you hold.',
    );
    await expectRefused(
      () => put('rolemanager', ids.Staff!, { DelegatedRoles: checked(ids.Manager) }),
      403,
      'You may not change the roles a role delegates.',
    );
    await expectRefused(
      () => client.post('rolemanager', rows, { Json: { Name: 'Shadow admins', IsAdmin: true } }),
      403,
      'Only an administrator can create an administrator role.',
    );

    const allowed = await put('rolemanager', ids['Crew leads']!, {
      Permissions: checked(permissionId('AmendDeliveries')),
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const held = await t.database.db
      .selectFrom('rolePermissions')
      .select('permissionId')
      .where('roleId', '=', ids['Crew leads']!)
      .orderBy('permissionId')
      .execute();
    expect(held.map((p) => p.permissionId)).toEqual(
      [permissionId('ViewDeliveries'), permissionId('AmendDeliveries')].sort((a, b) => a - b),
    );
    expect((await changeLogsOf(t, 'Role', ids['Crew leads']!)).at(-1)).toMatchObject({
      actionType: 1,
      userName: 'rolemanager',
      changes: [{ Field: 'Permissions', NewValue: ['View deliveries', 'Amend deliveries'] }],
    });
  });

  it('never edits the permissions of an administrator role', async () => {
    await expectRefused(
      () => put('admin', ids.Administrator!, { Permissions: checked(permissionId('ManageUsers')) }),
      400,
      'The permissions of an administrator role cannot be edited.',
    );
    await expectRefused(
      () =>
        client.post('admin', rows, {
          Json: {
            Name: 'Deputies',
            IsAdmin: true,
            Permissions: checked(permissionId('ManageUsers')),
          },
        }),
      400,
      'The permissions of an administrator role cannot be edited.',
    );
  });

  it('lets a delegation manager change what a role delegates, and nothing else', async () => {
    await expectRefused(
      () => put('delegator', ids.Manager!, { DelegatedRoles: checked(ids.Manager) }),
      400,
      'A role cannot delegate itself.',
    );
    await expectRefused(
      () => put('delegator', ids.Staff!, { DelegatedRoles: checked(ids.Manager) }),
      403,
      /^You cannot give the role 'Manager': it holds .*ViewAuditLog/,
    );
    await expectRefused(
      () => put('delegator', ids.Manager!, { Name: 'Managers' }),
      403,
      'You may not change the name or the settings of a role.',
    );
    await expectRefused(
      () => put('delegator', ids.Manager!, { Permissions: checked(permissionId('ManageRoles')) }),
      403,
      'You may not change the permissions of a role.',
    );
    await expectRefused(
      () => put('delegator', ids.Manager!, { Users: checked(ids.employee1) }),
      403,
      'You may not give or take away roles.',
    );

    const res = await put('delegator', ids.Manager!, { DelegatedRoles: checked(ids.Staff) });
    expect(res.statusCode, res.body).toBe(200);
    const delegated = await t.database.db
      .selectFrom('roleDelegations')
      .select('delegatedRoleId')
      .where('roleId', '=', ids.Manager!)
      .execute();
    expect(delegated).toEqual([{ delegatedRoleId: ids.Staff }]);

    // The spec's call takes the current version, or refuses a stale one it is given.
    const path = `/api/Roles/UpdateDelegatedRoles/${ids.Manager}`;
    await expectRefused(
      () => client.put('delegator', `${path}?version=1`, checked(ids.Staff, false)),
      409,
      /changed by someone else/,
    );
    const spec = await client.put('delegator', path, checked(ids.Staff, false));
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json<{ Id: number; IsChecked: boolean }[]>().filter((r) => r.IsChecked)).toEqual(
      [],
    );
  });

  it('gives a role to users only within the rules of who may give which role to whom', async () => {
    const crewLeads = ids['Crew leads']!;
    const employee1 = await userRowById(t, ids.employee1!);
    const given = await put('groupadmin', crewLeads, { Users: checked(ids.employee1) });
    expect(given.statusCode, given.body).toBe(200);
    expect(await roleNamesOf(t, ids.employee1!)).toEqual(['Crew leads', 'Staff']);
    // A user editor opened before the change must not write the old roles back.
    expect((await userRowById(t, ids.employee1!)).version).toBe(employee1.version + 1);
    expect((await changeLogsOf(t, 'Role', crewLeads)).at(-1)).toMatchObject({
      userName: 'groupadmin',
      changes: [{ Field: 'Users', OldValue: [], NewValue: ['employee1'] }],
    });

    // employee2 is in none of the group administrator's groups.
    await expectRefused(
      () => put('groupadmin', crewLeads, { Users: checked(ids.employee2) }),
      404,
      'The user does not exist.',
    );
    await expectRefused(
      () => put('groupadmin', ids.Manager!, { Users: checked(ids.employee1) }),
      403,
      "You can only give or take away the roles delegated to your roles, not 'Manager'.",
    );
    await expectRefused(
      () => put('groupadmin', crewLeads, { Users: checked(ids.groupadmin) }),
      403,
      'You cannot change your own roles.',
    );
    await expectRefused(
      () => put('groupadmin', crewLeads, { Name: 'Crew bosses', Users: checked(ids.employee1) }),
      403,
      'You may not change the name or the settings of a role.',
    );
    await expectRefused(
      () => put('groupadmin', ids.Administrator!, { Users: checked(ids.employee1) }),
      403,
      'Only an administrator can change an administrator role.',
    );
    await expectRefused(
      () => put('rolemanager', ids['Group administrator']!, { Users: checked(ids.employee1) }),
      403,
      /^You cannot give the role 'Group administrator': it holds .*ManageGroups/,
    );
    await expectRefused(
      () => put('admin', ids.Administrator!, { Users: checked(ids.admin, false) }),
      400,
      'You cannot remove the administrator role from your own account.',
    );

    const taken = await put('groupadmin', crewLeads, { Users: checked(ids.employee1, false) });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await roleNamesOf(t, ids.employee1!)).toEqual(['Staff']);
  });

  it('never answers who holds a role, on any list or read', async () => {
    for (const who of ['companyadmin', 'admin']) {
      const list = await client.get(who, rows);
      expect(list.statusCode).toBe(200);
      const listed = list.json<{ value: Record<string, unknown>[] }>().value;
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.some((row) => 'Users' in row)).toBe(false);
      const one = await client.get(who, `${rows}/${ids.Staff}`);
      expect(one.json()).not.toHaveProperty('Users');
      for (const query of ['$select=Users', `$filter=Users/any(u: u/Name eq 'admin')`]) {
        const res = await client.get(who, `/odata/RolesOData?${encodeURI(query)}`);
        expect(res.statusCode, `${who} ${query}`).toBe(400);
        expect((await client.get(who, `${rows}?${encodeURI(query)}`)).statusCode).toBe(400);
      }
    }
  });

  it('deletes an ordinary role through the generic route, logging what it held', async () => {
    const temporary = await client.post('admin', rows, {
      Json: { Name: 'Temporary', Users: checked(ids.employee2) },
    });
    expect(temporary.statusCode, temporary.body).toBe(200);
    const id = temporary.json<{ Id: number }>().Id;
    expect(await roleNamesOf(t, ids.employee2!)).toEqual(['Staff', 'Temporary']);
    const refused = await client.call('rolemanager', 'DELETE', `${rows}/${ids.Administrator}`);
    expect(refused.statusCode).toBe(409);
    const res = await client.call('admin', 'DELETE', `${rows}/${id}`);
    expect(res.statusCode).toBe(204);
    expect(await roleNamesOf(t, ids.employee2!)).toEqual(['Staff']);
    expect((await changeLogsOf(t, 'Role', id)).at(-1)).toMatchObject({
      actionType: 2,
      changes: expect.arrayContaining([
        { Field: 'Users', OldValue: ['employee2'], NewValue: null, ChangeText: 'Users: employee2' },
      ]),
    });
  });
});
