import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  accountPaths,
  browserDigest,
  createAccount,
  get,
  post,
  sessionIdOf,
  sessionsOf,
  signsIn,
} from './account-support';

describe('profile and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  const userRow = (id: number) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('UpdateUser', () => {
    it('saves the own names, user name and language, and answers the updated user', async () => {
      const account = await createAccount(t, 'Profile-1');
      const cookie = await signIn(t.app, account.name, { password: 'Profile-1' });
      const response = await post(
        t,
        accountPaths.updateUser,
        {
          id: account.id,
          firstName: ' Robin ',
          surname: 'Renamed',
          name: `renamed-${account.name}`,
          languageId: 'fake',
          fingerprint: 'fp',
        },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        Succeeded: true,
        User: expect.objectContaining({
          Id: account.id,
          Name: `renamed-${account.name}`,
          FirstName: 'Robin',
          Surname: 'Renamed',
          FullName: 'Robin Renamed',
          Language: 'fake',
        }),
      });
      expect(await userRow(account.id)).toMatchObject({
        name: `renamed-${account.name}`,
        firstName: 'Robin',
        surname: 'Renamed',
        languageId: 'fake',
        email: account.email,
        version: 2,
      });
      expect((await get(t, '/api/users/GetCurrentUser', cookie)).json()).toMatchObject({
        FullName: 'Robin Renamed',
      });
    });

    it("refuses somebody else's account, the anonymous, and writes nothing", async () => {
      const account = await createAccount(t, 'Profile-2');
      const cookie = await signIn(t.app, account.name, { password: 'Profile-2' });
      const employee = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('name', '=', 'employee1')
        .executeTakeFirstOrThrow();
      const body = { id: employee.id, name: 'hijacked', firstName: 'X', surname: 'Y' };
      expect((await post(t, accountPaths.updateUser, body, cookie)).statusCode).toBe(403);
      expect((await post(t, accountPaths.updateUser, body)).statusCode).toBe(401);
      expect(await userRow(employee.id)).toEqual(employee);
    });

    it('flags a user name another account has, whatever its case', async () => {
      const account = await createAccount(t, 'Profile-3');
      const cookie = await signIn(t.app, account.name, { password: 'Profile-3' });
      const response = await post(
        t,
        accountPaths.updateUser,
        { id: account.id, name: 'EMPLOYEE1', firstName: 'A', surname: 'B' },
        cookie,
      );
      expect(response.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
      expect(await userRow(account.id)).toMatchObject({ name: account.name, firstName: 'Pat' });
    });

    it('logs the change as the user made it, and refuses a name that is another’s address', async () => {
      const account = await createAccount(t, 'Profile-5');
      const cookie = await signIn(t.app, account.name, { password: 'Profile-5' });
      const renamed = await post(
        t,
        accountPaths.updateUser,
        { id: account.id, name: `logged-${account.name}`, firstName: 'Pat', surname: 'Logged' },
        cookie,
      );
      expect(renamed.json()).toMatchObject({ Succeeded: true });
      const entry = await t.database.db
        .selectFrom('changeLogs')
        .select(['userId', 'actionType', 'changes'])
        .where('entityType', '=', 'User')
        .where('entityId', '=', String(account.id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ userId: account.id, actionType: 1 });
      expect(entry.changes).toContainEqual(
        expect.objectContaining({
          Field: 'Name',
          OldValue: account.name,
          NewValue: `logged-${account.name}`,
        }),
      );
      const before = await userRow(account.id);
      // employee1's e-mail as a user name would let this account pass for theirs.
      const lookAlike = await post(
        t,
        accountPaths.updateUser,
        { id: account.id, name: 'Employee1@Demo.Asphalt.Test', firstName: 'A', surname: 'B' },
        cookie,
      );
      expect(lookAlike.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
      expect(await userRow(account.id)).toEqual(before);
    });

    it('refuses an unknown language and fields it does not take', async () => {
      const account = await createAccount(t, 'Profile-4');
      const cookie = await signIn(t.app, account.name, { password: 'Profile-4' });
      const base = { id: account.id, name: account.name };
      const language = await post(
        t,
        accountPaths.updateUser,
        { ...base, languageId: 'xx-yy' },
        cookie,
      );
      expect(language.statusCode).toBe(400);
      expect(language.json().Errors).toEqual([expect.objectContaining({ Field: 'languageId' })]);
      const admin = await post(t, accountPaths.updateUser, { ...base, IsAdmin: true }, cookie);
      expect(admin.statusCode).toBe(400);
      expect(admin.json().Errors).toEqual([expect.objectContaining({ Field: 'IsAdmin' })]);
    });
  });

  describe('ChangePassword', () => {
    const change = (cookie: string | undefined, fields: Record<string, unknown>) =>
      post(t, accountPaths.changePassword, { FingerPrint: 'fp', ...fields }, cookie);

    it('changes the password, ends every other session and keeps the current one', async () => {
      const account = await createAccount(t, 'Change-1');
      const current = await signIn(t.app, account.name, { password: 'Change-1' });
      const other = await signIn(t.app, account.name, { password: 'Change-1' });
      const response = await change(current, {
        Name: account.name.toUpperCase(),
        CurrentPassword: browserDigest('Change-1'),
        NewPassword: browserDigest('Change-2'),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ Succeeded: true });

      expect((await get(t, '/api/users/GetCurrentUser', current)).json()).toMatchObject({
        Id: account.id,
      });
      expect((await get(t, '/api/users/GetCurrentUser', other)).json()).toBeNull();
      const sessions = await sessionsOf(t, account.id);
      expect(sessions.find((s) => s.id === sessionIdOf(current))?.revokedAt).toBeNull();
      expect(sessions.find((s) => s.id === sessionIdOf(other))?.revokedAt).toBeInstanceOf(Date);
      expect(await signsIn(t, account.name, 'Change-1')).toBe(false);
      expect(await signsIn(t, account.name, 'Change-2')).toBe(true);
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const account = await createAccount(t, 'Change-3');
      const cookie = await signIn(t.app, account.name, { password: 'Change-3' });
      const other = await signIn(t.app, account.name, { password: 'Change-3' });
      const hashBefore = (await userRow(account.id)).passwordHash;
      const response = await change(cookie, {
        Name: account.name,
        CurrentPassword: browserDigest('not-it'),
        NewPassword: browserDigest('Change-4'),
      });
      expect(response.json()).toEqual({ Succeeded: false, InvalidCurrentPassword: true });
      expect((await userRow(account.id)).passwordHash).toBe(hashBefore);
      expect((await get(t, '/api/users/GetCurrentUser', other)).json()).not.toBeNull();
    });

    it('refuses a new password that is the user name', async () => {
      const account = await createAccount(t, 'Change-5', { name: 'Jamie.Lee@example.test' });
      const cookie = await signIn(t.app, account.name, { password: 'Change-5' });
      const response = await change(cookie, {
        Name: account.name,
        CurrentPassword: browserDigest('Change-5'),
        NewPassword: browserDigest('jamie.lee@example.test'),
      });
      expect(response.json()).toEqual({ Succeeded: false, UserPasswordInvalid: true });
      expect(await signsIn(t, account.name, 'Change-5')).toBe(true);
    });

    it("refuses another user's name and the anonymous", async () => {
      const account = await createAccount(t, 'Change-6');
      const cookie = await signIn(t.app, account.name, { password: 'Change-6' });
      const body = {
        Name: 'employee1',
        CurrentPassword: browserDigest('Change-6'),
        NewPassword: browserDigest('Change-7'),
      };
      expect((await change(cookie, body)).statusCode).toBe(403);
      expect((await change(undefined, { ...body, Name: account.name })).statusCode).toBe(401);
      expect(await signsIn(t, account.name, 'Change-6')).toBe(true);
    });

    it('retires open reset links with the old password', async () => {
      const account = await createAccount(t, 'Change-8');
      await post(t, accountPaths.recoverPassword, { Email: account.email });
      const cookie = await signIn(t.app, account.name, { password: 'Change-8' });
      await change(cookie, {
        Name: account.name,
        CurrentPassword: browserDigest('Change-8'),
        NewPassword: browserDigest('Change-9'),
      });
      const tickets = await t.database.db
        .selectFrom('accountTickets')
        .select('usedAt')
        .where('userId', '=', account.id)
        .execute();
      expect(tickets).toHaveLength(1);
      expect(tickets[0]!.usedAt).toBeInstanceOf(Date);
    });
  });
});
