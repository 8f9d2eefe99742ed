import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicket } from '../../server/modules/account/tickets';
import { apiClient } from '../support/api-client';
import { postLogin, signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { accountPaths, browserDigest, createAccount, post } from './account-support';

// The browser's FingerPrint on the spec's sign-in and account calls, recorded in the login
// audit: sign-ins as `SignIn`, the account calls as their own events, which the login chart
// does not count as sign-ins.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

/** The login audit entries written since `afterId`, oldest first. */
async function entriesSince(afterId: number) {
  return t.database.db
    .selectFrom('loginAudit')
    .select(['userId', 'email', 'event', 'loginResult', 'fingerPrint', 'provider', 'httpMethod'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

const lastId = async () =>
  (
    await t.database.db
      .selectFrom('loginAudit')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
      .executeTakeFirstOrThrow()
  ).id;

describe('the FingerPrint in the login audit', () => {
  it('is recorded with a sign-in, as a SignIn', async () => {
    const since = await lastId();
    await postLogin(t.app, 'manager');
    expect(await entriesSince(since)).toEqual([
      expect.objectContaining({
        email: 'manager',
        event: 'SignIn',
        loginResult: '',
        fingerPrint: 'test-fingerprint',
        provider: 'password',
      }),
    ]);
  });

  it('is recorded with ChangePassword, the flag of a refusal as its result', async () => {
    const account = await createAccount(t, 'Before-2026!');
    const cookie = await signIn(t.app, account.name, { password: 'Before-2026!' });
    const since = await lastId();
    const refused = await post(
      t,
      accountPaths.changePassword,
      {
        Name: account.name,
        CurrentPassword: browserDigest('not it'),
        NewPassword: browserDigest('After-2026!'),
        FingerPrint: 'fp-change-1',
      },
      cookie,
    );
    expect(refused.json()).toMatchObject({ Succeeded: false, InvalidCurrentPassword: true });
    const changed = await post(
      t,
      accountPaths.changePassword,
      {
        Name: account.name,
        CurrentPassword: browserDigest('Before-2026!'),
        NewPassword: browserDigest('After-2026!'),
        FingerPrint: 'fp-change-2',
      },
      cookie,
    );
    expect(changed.json()).toMatchObject({ Succeeded: true });
    expect(await entriesSince(since)).toEqual([
      {
        userId: account.id,
        email: account.name,
        event: 'PasswordChanged',
        loginResult: 'InvalidCurrentPassword',
        fingerPrint: 'fp-change-1',
        provider: 'account',
        httpMethod: 'POST',
      },
      expect.objectContaining({
        event: 'PasswordChanged',
        loginResult: '',
        fingerPrint: 'fp-change-2',
      }),
    ]);
  });

  it('is recorded with UpdateUser', async () => {
    const account = await createAccount(t, 'Profile-2026!');
    const cookie = await signIn(t.app, account.name, { password: 'Profile-2026!' });
    const since = await lastId();
    const updated = await post(
      t,
      accountPaths.updateUser,
      { id: account.id, name: account.name, firstName: 'Pia', fingerprint: 'fp-profile' },
      cookie,
    );
    expect(updated.json()).toMatchObject({ Succeeded: true });
    expect(await entriesSince(since)).toEqual([
      expect.objectContaining({
        userId: account.id,
        event: 'ProfileUpdated',
        loginResult: '',
        fingerPrint: 'fp-profile',
      }),
    ]);
  });

  it('is recorded with ResetRegisterTicket, under the ticket owner; an unknown ticket names nobody', async () => {
    const account = await createAccount(t, 'Forgot-2026!');
    const { token } = await issueTicket(t.database.db, account.id, 'reset');
    const since = await lastId();
    const reset = await post(t, accountPaths.resetRegisterTicket, {
      Ticket: token,
      User: { Password: browserDigest('Remembered-2026!'), FingerPrint: 'fp-reset' },
    });
    expect(reset.json()).toEqual({ Succeeded: true });
    const unknown = await post(t, accountPaths.resetRegisterTicket, {
      Ticket: 'no-such-ticket',
      User: { Password: browserDigest('Guess-2026!'), FingerPrint: 'fp-guess' },
    });
    expect(unknown.json()).toEqual({ Succeeded: false, InvalidTicket: true });
    expect(await entriesSince(since)).toEqual([
      expect.objectContaining({
        userId: account.id,
        email: account.name,
        event: 'PasswordReset',
        loginResult: '',
        fingerPrint: 'fp-reset',
      }),
      expect.objectContaining({
        userId: null,
        email: '',
        event: 'PasswordReset',
        loginResult: 'InvalidTicket',
        fingerPrint: 'fp-guess',
      }),
    ]);
  });

  it('is recorded with SaveUser under the user manager who saved', async () => {
    const client = apiClient(t);
    const since = await lastId();
    const saved = await client.post('admin', '/api/users/SaveUser', {
      Id: 0,
      Name: 'fingerprinted',
      FingerPrint: 'fp-admin',
    });
    expect(saved.json()).toMatchObject({ Succeeded: true });
    const taken = await client.post('admin', '/api/users/SaveUser', {
      Id: 0,
      Name: 'fingerprinted',
      FingerPrint: 'fp-admin',
    });
    expect(taken.json()).toMatchObject({ Succeeded: false, UsernameAlreadyExists: true });
    const admin = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const events = (await entriesSince(since)).filter((entry) => entry.event !== 'SignIn');
    expect(events).toEqual([
      expect.objectContaining({
        userId: admin.id,
        email: 'admin',
        event: 'UserSaved',
        loginResult: '',
        fingerPrint: 'fp-admin',
      }),
      expect.objectContaining({ event: 'UserSaved', loginResult: 'UsernameAlreadyExists' }),
    ]);
  });

  it('is not counted by the login chart, which counts sign-ins alone', async () => {
    const client = apiClient(t);
    const chart = async () =>
      (await client.get('admin', '/api/UserLoginAuditChart/GetChartData?groupBy=hour')).json<
        { Succeed: number; Failed: number }[]
      >();
    const total = (rows: { Succeed: number; Failed: number }[]) =>
      rows.reduce((sum, row) => sum + row.Succeed + row.Failed, 0);
    const before = total(await chart());
    const signInsBefore = await t.database.db
      .selectFrom('loginAudit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event', '=', 'SignIn')
      .executeTakeFirstOrThrow();
    await client.post('admin', '/api/users/SaveUser', { Id: 0, Name: 'uncharted' });
    const signInsAfter = await t.database.db
      .selectFrom('loginAudit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event', '=', 'SignIn')
      .executeTakeFirstOrThrow();
    // The chart grew by the sign-ins only (the client's own, if it signed in), not the save.
    expect(total(await chart()) - before).toBe(Number(signInsAfter.n) - Number(signInsBefore.n));
    const saves = await t.database.db
      .selectFrom('loginAudit')
      .select('id')
      .where('event', '=', 'UserSaved')
      .execute();
    expect(saves.length).toBeGreaterThan(0);
  });
});
