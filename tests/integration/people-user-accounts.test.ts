import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPassword, systemPermissions } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  editableUser,
  idsOf,
  roleNamesOf,
  setUsersBelongTo,
  userIdOf,
  userRowById,
} from './people-support';
import { apiClient } from '../support/api-client';

describe('users: company, groups, deactivation and deletion', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;
  const whoIs = async (cookie: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/users/GetCurrentUser', headers: { cookie } })
    ).json();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await setUsersBelongTo(t, 3);
    ids = await idsOf(
      t,
      ['admin', 'groupadmin', 'companyadmin', 'employee1', 'employee2'],
      ['Administrator', 'Manager', 'Staff'],
    );
  });
  afterAll(() => t.close());
  beforeEach(() => setUsersBelongTo(t, 3));

  it('lets a company administrator place users only in their own company', async () => {
    const other = await client.post('admin', '/api/companies/SaveCompany', {
      CompanyName: 'Rival Paving',
    });
    const otherId = other.json<{ Id: number }>().Id;
    const own = await client.post('companyadmin', '/api/users/SaveUser', {
      Name: 'crew-member',
      Company: { Id: 1 },
    });
    expect(own.json()).toMatchObject({ Succeeded: true, User: { Company: { Id: 1 } } });
    const elsewhere = await client.post('companyadmin', '/api/users/SaveUser', {
      Name: 'poached',
      Company: { Id: otherId },
    });
    expect(elsewhere.statusCode).toBe(403);
    const move = await client.post('companyadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.companyadmin!)),
      Company: { Id: otherId },
    });
    expect(move.statusCode).toBe(403);
    expect((await userRowById(t, ids.companyadmin!)).companyId).toBe(1);
    const ignored = await client.post('groupadmin', '/api/users/SaveUser', {
      Name: 'no-company',
      Company: { Id: otherId },
    });
    expect(ignored.json()).toMatchObject({ Succeeded: true, User: { Company: null } });
    await setUsersBelongTo(t, 1);
    const disabled = await client.post('admin', '/api/users/SaveUser', {
      Name: 'no-companies-here',
      Company: { Id: otherId },
    });
    expect(disabled.json().User).not.toHaveProperty('Company');
    expect((await userRowById(t, await userIdOf(t, 'no-companies-here'))).companyId).toBeNull();
  });

  it('does not toggle a query group for a user', async () => {
    const group = await client.post('admin', '/api/groups/SaveGroup', {
      Name: 'Night shift (query)',
      IsQueryGroup: true,
    });
    const groupId = group.json<{ Id: number }>().Id;
    const res = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee1!)),
      Groups: [{ Id: groupId, IsChecked: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual([{ Field: 'Groups', Message: expect.any(String) }]);
    const memberships = await t.database.db
      .selectFrom('userGroups')
      .selectAll()
      .where('groupId', '=', groupId)
      .execute();
    expect(memberships).toEqual([]);
  });

  it('signs a deactivated user out at once, and applies role changes to the next request', async () => {
    const cookie = await signIn(t.app, 'employee1');
    expect(await whoIs(cookie)).toMatchObject({ Name: 'employee1' });
    const promote = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee1!)),
      Roles: [{ Id: ids.Manager, IsChecked: true }],
    });
    expect(promote.statusCode).toBe(200);
    const permissions = await t.app.inject({
      method: 'POST',
      url: '/api/auth/permissions',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(permissions.json()).toContain('ManageUnits');

    const off = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee1!)),
      Active: false,
    });
    expect(off.json()).toMatchObject({ Succeeded: true, User: { Active: false } });
    expect(await whoIs(cookie)).toBeNull();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users/GetCurrentUserId',
      headers: { cookie },
    });
    expect(list.statusCode).toBe(401);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('revokedAt')
      .where('userId', '=', ids.employee1!)
      .execute();
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    client.forget('employee1');

    await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee1!)),
      Active: true,
      Roles: [{ Id: ids.Manager, IsChecked: false }],
    });
    expect(await roleNamesOf(t, ids.employee1!)).toEqual(['Staff']);
  });

  it('signs a user out when an administrator sets their password, and refuses self-deactivation', async () => {
    const cookie = await signIn(t.app, 'employee2');
    const res = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee2!)),
      Password: browserDigest(demoPassword),
    });
    expect(res.statusCode).toBe(200);
    expect(await whoIs(cookie)).toBeNull();
    client.forget('employee2');

    const self = await client.post('admin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.admin!)),
      Active: false,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().Errors).toEqual([{ Field: 'Active', Message: expect.any(String) }]);
    expect((await userRowById(t, ids.admin!)).active).toBe(true);
  });

  it('deletes users, but not oneself and not an admin on behalf of a non-admin', async () => {
    const created = await client.post('admin', '/api/users/SaveUser', { Name: 'leaver' });
    const id = created.json<{ User: { Id: number } }>().User.Id;
    const res = await client.get('admin', `/api/users/DeleteUser/${id}`);
    expect(res.statusCode).toBe(204);
    expect(
      await t.database.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await client.get('admin', `/api/users/DeleteUser/${id}`)).statusCode).toBe(404);
    expect((await client.get('admin', `/api/users/DeleteUser/${ids.admin}`)).statusCode).toBe(400);
    // admin is in none of groupadmin's groups: out of scope answers 404, as reads do.
    const byGroupAdmin = await client.get('groupadmin', `/api/users/DeleteUser/${ids.admin}`);
    expect(byGroupAdmin.statusCode).toBe(404);
    expect(byGroupAdmin.json()).toEqual({ Message: 'The user does not exist.' });
    // A non-admin who reaches everyone (a plain ManageUsers holder) is refused outright.
    const clerks = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'User clerks',
      Permissions: [
        { Id: systemPermissions.find((p) => p.Code === 'ManageUsers')!.Id, IsChecked: true },
      ],
    });
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'clerk',
      Password: browserDigest(demoPassword),
      Roles: [{ Id: clerks.json<{ Id: number }>().Id, IsChecked: true }],
    });
    const byClerk = await client.get('clerk', `/api/users/DeleteUser/${ids.admin}`);
    expect(byClerk.statusCode).toBe(403);
    expect(byClerk.json()).toEqual({
      Message: "Only an administrator can change an administrator's account.",
    });
    expect((await userRowById(t, ids.admin!)).active).toBe(true);
  });
});
