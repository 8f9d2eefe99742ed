import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { accountPaths, browserDigest, get, post, setSetting, signsIn } from './account-support';

describe('self-registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());
  beforeEach(() => setSetting(t, 'GroupsAndCompanies.UsersBelongTo', 0));

  const register = (fields: Record<string, unknown>) =>
    post(t, accountPaths.registerUser, {
      FirstName: 'Robin',
      Surname: 'Roe',
      Password: browserDigest('Register-2026!'),
      Language: 'en-gb',
      Active: true,
      ...fields,
    });
  const userRow = (name: string) =>
    t.database.db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
  const membershipsOf = async (userId: number) => ({
    roles: await t.database.db
      .selectFrom('userRoles')
      .selectAll()
      .where('userId', '=', userId)
      .execute(),
    groups: await t.database.db
      .selectFrom('userGroups')
      .selectAll()
      .where('userId', '=', userId)
      .execute(),
  });

  it('creates an active account named by its e-mail address that can sign in', async () => {
    const response = await register({ Name: ' robin.roe@example.test ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Succeeded: true });
    const row = await userRow('robin.roe@example.test');
    expect(row).toMatchObject({
      email: 'robin.roe@example.test',
      firstName: 'Robin',
      surname: 'Roe',
      active: true,
      languageId: 'en-gb',
      companyId: null,
    });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(browserDigest('Register-2026!'));
    expect(await signsIn(t, 'robin.roe@example.test', 'Register-2026!')).toBe(true);
  });

  it('grants nothing whatever else the payload says: no admin, role, group or company', async () => {
    const company = await t.database.db
      .selectFrom('companies')
      .select('id')
      .executeTakeFirstOrThrow();
    const roles = await t.database.db.selectFrom('roles').select(['id', 'name']).execute();
    const response = await register({
      Name: 'sneaky@example.test',
      Id: 1,
      IsAdmin: true,
      Active: false,
      Roles: roles.map((role) => ({ Id: role.id, Name: role.name, IsChecked: true })),
      Groups: [{ Id: 1, IsChecked: true }],
      Company: { Id: company.id },
      CompanyId: company.id,
      Permissions: ['ManageUsers'],
    });
    expect(response.json()).toEqual({ Succeeded: true });
    const row = await userRow('sneaky@example.test');
    expect(row).toMatchObject({ active: true, companyId: null });
    expect(row!.id).not.toBe(1);
    expect(await membershipsOf(row!.id)).toEqual({ roles: [], groups: [] });

    const cookie = await signIn(t.app, 'sneaky@example.test', { password: 'Register-2026!' });
    expect((await get(t, '/api/users/GetCurrentUser', cookie)).json()).toMatchObject({
      IsAdmin: false,
    });
    const permissions = await t.app.inject({
      method: 'POST',
      url: '/api/auth/permissions',
      headers: { cookie },
    });
    expect(permissions.json()).toEqual([]);
    expect((await get(t, '/api/users/GetAllUsers', cookie)).statusCode).toBe(403);
  });

  it('flags a taken user name, whatever its case, and creates nothing', async () => {
    await register({ Name: 'taken@example.test' });
    const count = async () =>
      (await t.database.db.selectFrom('users').select('id').execute()).length;
    const before = await count();
    const response = await register({ Name: 'TAKEN@Example.test' });
    expect(response.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
    expect(await count()).toBe(before);
  });

  it('refuses a password that is the user name', async () => {
    for (const password of ['same@example.test', 'SAME@EXAMPLE.TEST', 'Same@example.test']) {
      const response = await register({
        Name: 'Same@Example.test',
        Password: browserDigest(password),
      });
      expect(response.json()).toEqual({ Succeeded: false, UserPasswordInvalid: true });
    }
    expect(await userRow('Same@Example.test')).toBeUndefined();
  });

  it('takes only an e-mail address as the name and only a digest as the password', async () => {
    const notEmail = await register({ Name: 'just-a-name' });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().Errors).toEqual([expect.objectContaining({ Field: 'Name' })]);
    const plain = await register({ Name: 'plain@example.test', Password: 'Register-2026!' });
    expect(plain.statusCode).toBe(400);
    expect(await userRow('plain@example.test')).toBeUndefined();
  });

  it('ignores an unknown language', async () => {
    await register({ Name: 'lingo@example.test', Language: 'xx-yy' });
    expect(await userRow('lingo@example.test')).toMatchObject({ languageId: null });
  });

  it('is closed while users belong to companies', async () => {
    for (const belongTo of [2, 3]) {
      await setSetting(t, 'GroupsAndCompanies.UsersBelongTo', belongTo);
      const options = await get(t, accountPaths.registrationOptions);
      expect(options.json()).toEqual({ RegistrationAllowed: false });
      const response = await register({ Name: `company${belongTo}@example.test` });
      expect(response.statusCode).toBe(403);
      expect(await userRow(`company${belongTo}@example.test`)).toBeUndefined();
    }
    await setSetting(t, 'GroupsAndCompanies.UsersBelongTo', 1);
    expect((await get(t, accountPaths.registrationOptions)).json()).toEqual({
      RegistrationAllowed: true,
    });
    expect((await register({ Name: 'groups@example.test' })).json()).toEqual({ Succeeded: true });
  });

  it('is closed while password sign-in is turned off', async () => {
    await setSetting(t, 'Security.LocalSignInEnabled', false);
    try {
      expect((await register({ Name: 'nolocal@example.test' })).statusCode).toBe(403);
    } finally {
      await setSetting(t, 'Security.LocalSignInEnabled', true);
    }
  });
});
