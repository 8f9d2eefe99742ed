import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPassword, systemPermissions, userEntity } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { verifyPassword } from '../../server/security/password-hash';
import { apiClient } from '../support/api-client';
import { postLogin, signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  changeLogsOf,
  delegate,
  idsOf,
  insertUnits,
  roleNamesOf,
  saveRivalCompany,
  setUsersBelongTo,
  userRowById,
  userRowByName,
} from './people-support';

const rows = `/api/dataSources/${userEntity.id}/data`;
const permissionId = (code: string) => systemPermissions.find((p) => p.Code === code)!.Id;

/**
 * The rules of SaveUser hold on the generic row calls of the Users data source too: they are
 * the engine's user hooks, applied on every path. Every refusal leaves the database as it was.
 */
describe('users through the generic row calls', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;
  let groupIds: Record<string, number>;

  const groupsOf = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('userGroups')
        .innerJoin('groups', 'groups.id', 'userGroups.groupId')
        .select('groups.name')
        .where('userGroups.userId', '=', userId)
        .orderBy('groups.name')
        .execute()
    ).map((row) => row.name);
  /** The user's row and memberships, to show that a refused call changed nothing. */
  const stateOf = async (userId: number) => ({
    row: await userRowById(t, userId),
    roles: await roleNamesOf(t, userId),
    groups: await groupsOf(userId),
  });
  const update = async (user: string, id: number, json: Record<string, unknown>) => {
    const { name, version } = await userRowById(t, id);
    return client.put(user, rows, { Id: id, Json: { Name: name, Version: version, ...json } });
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await setUsersBelongTo(t, 3);
    await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Crew leads',
      Permissions: [{ Id: permissionId('ViewDeliveries'), IsChecked: true }],
    });
    await delegate(t, 'Group administrator', ['Crew leads', 'Manager', 'Staff']);
    const clerks = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'User clerks',
      Permissions: [{ Id: permissionId('ManageUsers'), IsChecked: true }],
    });
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'clerk',
      Password: browserDigest(demoPassword),
      Roles: [{ Id: clerks.json<{ Id: number }>().Id, IsChecked: true }],
    });
    ids = await idsOf(
      t,
      ['admin', 'manager', 'clerk', 'groupadmin', 'companyadmin', 'employee1', 'employee2'],
      ['Administrator', 'Manager', 'Staff', 'Crew leads'],
    );
    const groups = await t.database.db.selectFrom('groups').select(['id', 'name']).execute();
    groupIds = Object.fromEntries(groups.map((g) => [g.name, g.id]));
  });
  afterAll(() => t.close());
  beforeEach(() => setUsersBelongTo(t, 3));

  it('lets a group administrator give only the roles they may assign', async () => {
    const target = ids.employee1!;
    const granted = await update('groupadmin', target, {
      Roles: [{ Id: ids['Crew leads'], IsChecked: true }],
    });
    expect(granted.statusCode).toBe(200);
    expect(await roleNamesOf(t, target)).toEqual(['Crew leads', 'Staff']);

    const before = await stateOf(target);
    const manager = await update('groupadmin', target, {
      Roles: [{ Id: ids.Manager, IsChecked: true }],
    });
    expect(manager.statusCode).toBe(403);
    expect(manager.json().Message).toMatch(/^You cannot give the role 'Manager': it holds /);
    const admin = await update('groupadmin', target, {
      FirstName: 'Promoted',
      Roles: [{ Id: ids.Administrator, IsChecked: true }],
    });
    expect(admin.statusCode).toBe(403);
    const self = await update('groupadmin', ids.groupadmin!, {
      Roles: [{ Id: ids['Crew leads'], IsChecked: true }],
    });
    expect(self.statusCode).toBe(403);
    expect(await stateOf(target)).toEqual(before);
    expect(await roleNamesOf(t, ids.groupadmin!)).toEqual(['Group administrator']);
  });

  it('ignores posted roles from a caller who may not assign roles', async () => {
    // A user holding nothing, whom the clerk (ManageUsers only) may manage.
    const plain = await client.post('admin', rows, { Json: { Name: 'plain' } });
    const id = plain.json<{ Id: number }>().Id;
    const res = await update('clerk', id, {
      FirstName: 'Pat',
      Roles: [
        { Id: ids.Administrator, IsChecked: true },
        { Id: ids.Staff, IsChecked: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await userRowById(t, id)).firstName).toBe('Pat');
    expect(await roleNamesOf(t, id)).toEqual([]);
  });

  it('refuses the password of an account the caller may not manage', async () => {
    await client.post('admin', '/api/users/AssignUsersToGroup', {
      GroupId: groupIds['North crews'],
      UserIds: [ids.manager],
    });
    const manager = await stateOf(ids.manager!);
    const inGroup = await update('groupadmin', ids.manager!, {
      Password: browserDigest('taken-over'),
    });
    expect(inGroup.statusCode).toBe(403);
    expect(await stateOf(ids.manager!)).toEqual(manager);

    const admin = await stateOf(ids.admin!);
    const outOfReach = await update('groupadmin', ids.admin!, {
      Password: browserDigest('taken-over'),
    });
    expect(outOfReach.statusCode).toBe(404);
    expect(outOfReach.json()).toEqual({ Message: 'The user does not exist.' });
    const byClerk = await update('clerk', ids.admin!, { Password: browserDigest('taken-over') });
    expect(byClerk.statusCode).toBe(403);
    expect(await stateOf(ids.admin!)).toEqual(admin);
  });

  it('hashes a posted password, signs the user out, and logs only that it changed', async () => {
    const target = ids.employee2!;
    const cookie = await signIn(t.app, 'employee2');
    const digest = browserDigest('Generic-Route-1');
    const res = await update('admin', target, { Password: digest });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|scrypt/i);
    const row = await userRowById(t, target);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(digest, row.passwordHash!)).toBe(true);
    expect(res.json()).toMatchObject({ Id: target, Version: row.version });
    const login = await postLogin(t.app, 'employee2', { password: 'Generic-Route-1' });
    expect(login.json()).toMatchObject({ Succeeded: true });
    const whoIs = await t.app.inject({
      method: 'GET',
      url: '/api/users/GetCurrentUser',
      headers: { cookie },
    });
    expect(whoIs.json()).toBeNull();
    client.forget('employee2');
    expect((await changeLogsOf(t, 'User', target)).at(-1)).toMatchObject({
      actionType: 1,
      userName: 'admin',
      changes: [
        { Field: 'Password', OldValue: null, NewValue: null, ChangeText: 'Password: changed' },
      ],
    });
    const everything = JSON.stringify(
      await t.database.db.selectFrom('changeLogs').selectAll().execute(),
    );
    expect(everything).not.toContain(digest);
    expect(everything).not.toContain(row.passwordHash);
  });

  it('refuses an unusable password, naming the field, and stores nothing', async () => {
    const before = await stateOf(ids.employee1!);
    for (const Password of ['Demo-2026!', browserDigest('employee1'), 42]) {
      const res = await update('admin', ids.employee1!, { FirstName: 'Changed', Password });
      expect(res.statusCode, String(Password)).toBe(400);
      expect(res.json().Errors).toEqual([{ Field: 'Password', Message: expect.any(String) }]);
    }
    const created = await client.post('admin', rows, {
      Json: { Name: 'weak', Password: 'not-a-digest' },
    });
    expect(created.statusCode).toBe(400);
    expect(await userRowByName(t, 'weak')).toBeUndefined();
    expect(await stateOf(ids.employee1!)).toEqual(before);
  });

  it('creates a group administrator’s user in their groups, and refuses other groups', async () => {
    const res = await client.post('groupadmin', rows, { Json: { Name: 'crew-new' } });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ Id: number }>().Id;
    expect(await groupsOf(id)).toEqual(['North crews']);

    const before = await stateOf(id);
    const south = await update('groupadmin', id, {
      Groups: [{ Id: groupIds['South crews'], IsChecked: true }],
    });
    expect(south.statusCode).toBe(404);
    expect(south.json()).toEqual({ Message: 'The group does not exist.' });
    const query = await client.post('admin', '/api/groups/SaveGroup', {
      Name: 'Everyone (query)',
      IsQueryGroup: true,
    });
    const toggled = await update('admin', id, {
      Groups: [{ Id: query.json<{ Id: number }>().Id, IsChecked: true }],
    });
    expect(toggled.statusCode).toBe(400);
    expect(toggled.json().Errors).toEqual([{ Field: 'Groups', Message: expect.any(String) }]);
    expect(await stateOf(id)).toEqual(before);
  });

  it('places a company administrator’s users in their company only', async () => {
    const rival = await saveRivalCompany(client);
    const own = await client.post('companyadmin', rows, { Json: { Name: 'yard-hand' } });
    expect(own.statusCode).toBe(200);
    expect((await userRowByName(t, 'yard-hand'))!.companyId).toBe(1);
    const count = (await t.database.db.selectFrom('users').select('id').execute()).length;
    const elsewhere = await client.post('companyadmin', rows, {
      Json: { Name: 'planted', CompanyId: rival },
    });
    expect(elsewhere.statusCode).toBe(403);
    const employee = await stateOf(ids.employee2!);
    const moved = await update('companyadmin', ids.employee2!, { CompanyId: rival });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().Message).toBe('You can only place users in your own company.');
    expect(await stateOf(ids.employee2!)).toEqual(employee);
    expect((await t.database.db.selectFrom('users').select('id').execute()).length).toBe(count);

    await setUsersBelongTo(t, 1);
    const ignored = await update('admin', ids.employee2!, { CompanyId: rival });
    expect(ignored.statusCode).toBe(200);
    expect((await userRowById(t, ids.employee2!)).companyId).toBe(1);
  });

  it('checks languages, units and e-mail addresses, and changes nothing when refused', async () => {
    const units = await insertUnits(t, ['Quarry plant']);
    // The demo gives employee1 plants of its own; this test starts from none.
    await t.database.db.deleteFrom('userUnits').where('userId', '=', ids.employee1!).execute();
    const before = await stateOf(ids.employee1!);
    const cases: [Record<string, unknown>, string][] = [
      [{ Language: 'xx-none' }, 'Language'],
      [{ Units: [{ Id: 99999, IsChecked: true }] }, 'Units'],
      [{ Email: 'employee2@demo.asphalt.test' }, 'Email'],
      // Another account's address as a user name.
      [{ Name: 'Employee2@demo.asphalt.test' }, 'Name'],
      [{ CompanyId: 99999 }, 'CompanyId'],
    ];
    for (const [json, field] of cases) {
      const res = await update('admin', ids.employee1!, { FirstName: 'Changed', ...json });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().Errors, field).toEqual([{ Field: field, Message: expect.any(String) }]);
    }
    expect(await stateOf(ids.employee1!)).toEqual(before);
    const given = await update('admin', ids.employee1!, {
      Language: 'en-gb',
      Units: [{ Id: units['Quarry plant'], IsChecked: true }],
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ Language: 'en-gb' });
    const held = await t.database.db
      .selectFrom('userUnits')
      .select('unitId')
      .where('userId', '=', ids.employee1!)
      .execute();
    expect(held).toEqual([{ unitId: units['Quarry plant'] }]);
  });

  it('deletes only users the caller may manage, never their own account', async () => {
    const remove = (user: string, id: number) => client.call(user, 'DELETE', `${rows}/${id}`);
    expect((await remove('groupadmin', ids.admin!)).statusCode).toBe(404);
    expect((await remove('clerk', ids.admin!)).statusCode).toBe(403);
    expect((await remove('admin', ids.admin!)).statusCode).toBe(400);
    expect(await userRowById(t, ids.admin!)).toMatchObject({ active: true });
    const leaver = await client.post('admin', rows, { Json: { Name: 'leaver' } });
    const id = leaver.json<{ Id: number }>().Id;
    expect((await remove('admin', id)).statusCode).toBe(204);
    expect(await userRowByName(t, 'leaver')).toBeUndefined();
  });
});
