import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import type { Caller } from '../../server/modules/people/rules/caller';
import {
  type UserScope,
  userScopeOf,
  usersInScope,
} from '../../server/modules/people/rules/user-access';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  delegate,
  editableUser,
  idsOf,
  roleNamesOf,
  setUsersBelongTo,
  type UserAnswer,
  userRowById,
  userRowByName,
} from './people-support';
import { apiClient } from '../support/api-client';

describe('users: a company administrator sees only their own company', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;
  let rival: number;
  const own = ['companyadmin', 'employee1', 'employee2'];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await setUsersBelongTo(t, 3);
    await delegate(t, 'Company administrator', ['Staff']);
    rival = (
      await client.post('admin', '/api/companies/SaveCompany', { CompanyName: 'Rival Paving' })
    ).json<{ Id: number }>().Id;
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'rival-worker',
      Company: { Id: rival },
    });
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'lone-admin',
      Password: browserDigest(demoPassword),
      Roles: [
        {
          Id: (await idsOf(t, [], ['Company administrator']))['Company administrator'],
          IsChecked: true,
        },
      ],
    });
    ids = await idsOf(t, ['admin', 'groupadmin', 'rival-worker', ...own], ['Staff']);
  });
  afterAll(() => t.close());

  it('lists only the users of their company, and everyone for an administrator', async () => {
    const all = await client.get('companyadmin', '/api/users/GetAllUsers');
    expect(all.statusCode).toBe(200);
    expect(all.json<UserAnswer[]>().map((u) => u.Name)).toEqual(own);
    const page = await client.get('companyadmin', '/odata/UsersOData?$orderby=Name desc&$top=2');
    expect(page.json()).toEqual({
      '@odata.count': 3,
      value: [
        expect.objectContaining({ Name: 'employee2' }),
        expect.objectContaining({ Name: 'employee1' }),
      ],
    });
    const everyone = await t.database.db.selectFrom('users').select('id').execute();
    const byAdmin = (await client.get('admin', '/odata/UsersOData')).json<{
      '@odata.count': number;
    }>();
    expect(byAdmin['@odata.count']).toBe(everyone.length);
    expect((await client.get('lone-admin', '/api/users/GetAllUsers')).json()).toEqual([]);
  });

  it('answers 404 for a user of another company, and reads their own', async () => {
    const other = ids['rival-worker']!;
    for (const url of [
      `/api/users/GetUserById/${other}`,
      `/api/roles/GetRolesByUserId/${other}`,
      `/api/Users/GetUserSettings/${other}`,
      `/api/users/GetUserById/${ids.admin}`,
    ]) {
      const res = await client.get('companyadmin', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ Message: 'The user does not exist.' });
    }
    const mine = await client.get('companyadmin', `/api/users/GetUserById/${ids.employee1}`);
    expect(mine.json()).toMatchObject({ Name: 'employee1', Company: { Id: 1 } });
    expect((await client.get('companyadmin', '/api/users/GetUserById/0')).statusCode).toBe(200);
  });

  it('answers 404 to writes on users of another company and changes nothing', async () => {
    // A user out of scope answers 404 on writes as on reads, so that a company administrator
    // cannot tell another company's users from users that do not exist.
    const notFound = { Message: 'The user does not exist.' };
    const other = ids['rival-worker']!;
    const before = await userRowById(t, other);
    const save = await client.post('companyadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, other)),
      FirstName: 'Poached',
    });
    expect(save.statusCode).toBe(404);
    expect(save.json()).toEqual(notFound);
    const remove = await client.get('companyadmin', `/api/users/DeleteUser/${other}`);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(notFound);
    const assign = await client.post('companyadmin', '/api/users/AssignUsersToRole', {
      RoleId: ids.Staff,
      UserIds: [other],
    });
    expect(assign.statusCode).toBe(404);
    expect(assign.json()).toEqual(notFound);
    expect(await userRowById(t, other)).toEqual(before);
    expect(await roleNamesOf(t, other)).toEqual([]);
    const missing = await client.get('companyadmin', '/api/users/DeleteUser/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notFound);

    const inside = await client.post('companyadmin', '/api/users/SaveUser', {
      ...(await editableUser(t, ids.employee2!)),
      FirstName: 'Erin-Mae',
    });
    expect(inside.statusCode).toBe(200);
    expect((await userRowById(t, ids.employee2!)).firstName).toBe('Erin-Mae');
  });

  it('places the users they create in their company', async () => {
    const res = await client.post('companyadmin', '/api/users/SaveUser', { Name: 'new-crew' });
    expect(res.json()).toMatchObject({ Succeeded: true, User: { Company: { Id: 1 } } });
    expect((await userRowByName(t, 'new-crew'))!.companyId).toBe(1);
    const lone = await client.post('lone-admin', '/api/users/SaveUser', { Name: 'orphan' });
    expect(lone.statusCode).toBe(403);
    expect(await userRowByName(t, 'orphan')).toBeUndefined();
  });

  it('offers each scope as a where on users: all, own company, own groups', async () => {
    const caller = (permissions: string[], companyId: number | null, isAdmin = false): Caller => ({
      id: ids.groupadmin!,
      name: 'someone',
      isAdmin,
      subject: { authenticated: true, permissions },
      companyId,
      sessionId: null,
      roleIds: [],
    });
    expect(userScopeOf(caller(['CanViewCompany', 'ManageCompanies'], 1))).toEqual({ kind: 'all' });
    expect(userScopeOf(caller(['ManageUsers'], 1))).toEqual({ kind: 'all' });
    expect(userScopeOf(caller([], 1, true))).toEqual({ kind: 'all' });
    expect(userScopeOf(caller(['CanViewCompany'], null))).toEqual({
      kind: 'company',
      companyId: null,
    });
    expect(userScopeOf(caller(['ManageGroups', 'ManageUsers'], null))).toEqual({
      kind: 'groups',
      userId: ids.groupadmin,
    });
    const names = async (scope: UserScope) => {
      const where = usersInScope(scope);
      let query = t.database.db.withoutPlugins().selectFrom('users').select('name');
      if (where) query = query.where(where);
      return (await query.orderBy('name').execute()).map((u) => u.name);
    };
    expect(await names({ kind: 'company', companyId: 1 })).toEqual([...own, 'new-crew'].sort());
    expect(await names({ kind: 'company', companyId: null })).toEqual([]);
    // groupadmin is in North crews with employee1.
    expect(await names({ kind: 'groups', userId: ids.groupadmin! })).toEqual([
      'employee1',
      'groupadmin',
    ]);
  });
});
