import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserDigest } from '../../server/security/browser-digest';
import { verifyPassword } from '../../server/security/password-hash';
import { createTestApp, type TestApp } from '../support/test-app';
import { postLogin } from '../support/sign-in';
import {
  roleIdOf,
  roleNamesOf,
  setUsersBelongTo,
  type UserAnswer,
  userIdOf,
  userRowByName,
} from './people-support';
import { apiClient } from '../support/api-client';

describe('users: reading and saving', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());
  beforeEach(() => setUsersBelongTo(t, 3));

  it('lists users with their roles, groups and company, and never a secret', async () => {
    const res = await client.get('admin', '/api/users/GetAllUsers');
    expect(res.statusCode).toBe(200);
    const users = res.json<Record<string, unknown>[]>();
    expect(users.map((u) => u.Name)).toEqual(expect.arrayContaining(['admin', 'employee1']));
    const employee = users.find((u) => u.Name === 'employee1');
    expect(employee).toEqual({
      Id: await userIdOf(t, 'employee1'),
      Name: 'employee1',
      FirstName: 'Eddie',
      Surname: 'North',
      FullName: 'Eddie North',
      Email: 'employee1@demo.asphalt.test',
      Active: true,
      Language: null,
      Company: { Id: expect.any(Number), Name: 'Demo Surfacing Ltd' },
      // The Users grid's company column shows, filters and sorts this one value.
      CompanyName: 'Demo Surfacing Ltd',
      Roles: [{ Id: await roleIdOf(t, 'Staff'), Name: 'Staff', IsAdmin: false, IsChecked: true }],
      Groups: [
        { Id: expect.any(Number), Name: 'North crews', IsQueryGroup: false, IsChecked: true },
      ],
      // The demo gives employee1 the two northern plants.
      Units: [
        { Id: expect.any(Number), Name: 'Leeds (Cross Green) asphalt plant', IsChecked: true },
        {
          Id: expect.any(Number),
          Name: 'Manchester (Trafford Park) asphalt plant',
          IsChecked: true,
        },
      ],
      IsAdmin: false,
      Version: 1,
    });
    expect(users.find((u) => u.Name === 'admin')).toMatchObject({ IsAdmin: true });
    expect(res.body).not.toMatch(/scrypt|password|session/i);
  });

  it('hides groups and company when users belong to neither', async () => {
    await setUsersBelongTo(t, 0);
    const users = (await client.get('admin', '/api/users/GetAllUsers')).json<UserAnswer[]>();
    expect(users[0]).not.toHaveProperty('Groups');
    expect(users[0]).not.toHaveProperty('Company');
    await setUsersBelongTo(t, 1);
    const withGroups = (await client.get('admin', '/api/users/GetAllUsers')).json<UserAnswer[]>();
    expect(withGroups[0]).toHaveProperty('Groups');
    expect(withGroups[0]).not.toHaveProperty('Company');
  });

  it('reads one user with every role and group checked or not, and a blank new user for 0', async () => {
    const id = await userIdOf(t, 'groupadmin');
    const user = (await client.get('admin', `/api/users/GetUserById/${id}`)).json<UserAnswer>();
    expect(user).toMatchObject({ Id: id, Name: 'groupadmin', Company: null, Version: 1 });
    const allRoles = await t.database.db.selectFrom('roles').select('name').execute();
    expect(user.Roles).toHaveLength(allRoles.length);
    expect(user.Roles.filter((r) => r.IsChecked).map((r) => r.Name)).toEqual([
      'Group administrator',
    ]);
    expect(user.Groups!.map((g) => [g.Name, g.IsChecked])).toEqual([
      ['North crews', true],
      ['South crews', false],
    ]);
    const blank = (await client.get('admin', '/api/users/GetUserById/0')).json<UserAnswer>();
    expect(blank).toMatchObject({ Id: 0, Name: '', Active: true, Version: 0, Company: null });
    expect(blank.Roles.every((r) => !r.IsChecked)).toBe(true);
    expect((await client.get('admin', '/api/users/GetUserById/99999')).statusCode).toBe(404);
    const bad = await client.get('admin', '/api/users/GetUserById/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors[0]).toMatchObject({ Field: 'id' });
  });

  it('creates a user with a hashed password who can then sign in', async () => {
    const digest = browserDigest('Fresh-Start-1');
    const res = await client.post('admin', '/api/users/SaveUser', {
      Id: 0,
      Name: 'newcomer',
      FirstName: 'Nia',
      Surname: 'Newcomer',
      Email: 'nia@demo.asphalt.test',
      Language: 'en-gb',
      Password: digest,
      Roles: [{ Id: await roleIdOf(t, 'Staff'), IsChecked: true }],
      Groups: [{ Id: 2, Name: 'South crews', IsChecked: true }],
      Company: { Id: 1 },
      FingerPrint: 'fp',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ Succeeded: boolean; User: UserAnswer }>();
    expect(answer).toMatchObject({ Succeeded: true, User: { Name: 'newcomer', Version: 1 } });
    expect(answer.User.Company).toEqual({ Id: 1, Name: 'Demo Surfacing Ltd' });
    const row = (await userRowByName(t, 'newcomer'))!;
    expect(row).toMatchObject({
      firstName: 'Nia',
      languageId: 'en-gb',
      companyId: 1,
      active: true,
    });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(digest);
    expect(await verifyPassword(digest, row.passwordHash!)).toBe(true);
    expect(await roleNamesOf(t, row.id)).toEqual(['Staff']);
    const login = await postLogin(t.app, 'newcomer', { password: 'Fresh-Start-1' });
    expect(login.json()).toMatchObject({ Succeeded: true });
  });

  it('creates a user without a password, who cannot sign in yet', async () => {
    const res = await client.post('admin', '/api/users/SaveUser', { Name: 'nopass' });
    expect(res.json()).toMatchObject({ Succeeded: true, User: { Name: 'nopass' } });
    expect((await userRowByName(t, 'nopass'))!.passwordHash).toBeNull();
  });

  it('updates the allow-listed fields, bumps the version and refuses a stale one', async () => {
    const id = await userIdOf(t, 'demo');
    const read = (await client.get('admin', `/api/users/GetUserById/${id}`)).json<UserAnswer>();
    const saved = await client.post('admin', '/api/users/SaveUser', {
      ...read,
      FirstName: 'Dina',
      Email: 'dina@demo.asphalt.test',
    });
    expect(saved.json()).toMatchObject({
      Succeeded: true,
      User: { FirstName: 'Dina', FullName: 'Dina Demo', Version: read.Version + 1 },
    });
    const row = (await userRowByName(t, 'demo'))!;
    expect(row).toMatchObject({ firstName: 'Dina', email: 'dina@demo.asphalt.test' });
    expect(row.version).toBe(read.Version + 1);

    const stale = await client.post('admin', '/api/users/SaveUser', { ...read, FirstName: 'Old' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ Message: expect.stringMatching(/changed by someone else/) });
    expect(await userRowByName(t, 'demo')).toEqual(row);

    const noVersion = await client.post('admin', '/api/users/SaveUser', { Id: id, Name: 'demo' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().Errors).toEqual([
      { Field: 'Version', Message: 'is required to save an existing row' },
    ]);
    const missing = await client.post('admin', '/api/users/SaveUser', {
      Id: 99999,
      Name: 'ghost',
      Version: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});
