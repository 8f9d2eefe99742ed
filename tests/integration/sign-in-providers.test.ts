import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverModules } from '../../server/modules/index';
import type { ServerModule } from '../../server/modules/module';
import { findUserByName } from '../../server/modules/account/index';
import { startSignedInSession, type IdentityProvider } from '../../server/modules/sign-in/index';
import { createTestApp, type TestApp } from '../support/test-app';
import { chromeUserAgent, postLogin, sessionCookieOf } from '../support/sign-in';
import { currentUserWith, lastLoginAudit } from '../support/sign-in-checks';

/**
 * Sign-in behind identity providers: a provider establishes who the user is its own way and
 * starts the session through the sign-in module's one public session start, which refuses an
 * account that may not sign in whatever the provider says and records the provider in the
 * login audit. The password login is one provider; its lockout stays its own.
 */

const fakeSignIn = '/api/test/fake-sign-in';

/** A fixture provider that takes the caller at their word about their user name. */
const fakeProvider: IdentityProvider = {
  id: 'fake',
  title: 'Fake',
  async routes(app, { config }) {
    app.post<{ Body: { Name: string; Remember?: boolean; UserId?: number } }>(
      fakeSignIn,
      {
        config: { permission: 'everybody' },
        schema: {
          body: {
            type: 'object',
            required: ['Name'],
            properties: {
              Name: { type: 'string' },
              Remember: { type: 'boolean' },
              UserId: { type: 'integer' },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['Started'],
              properties: { Started: { type: 'boolean' }, Refusal: { type: 'string' } },
            },
          },
        },
      },
      async (request, reply) => {
        const userId =
          request.body.UserId ?? (await findUserByName(app.db, request.body.Name))?.id ?? 0;
        const start = await startSignedInSession(
          { request, reply, config },
          {
            provider: fakeProvider.id,
            userId,
            loginName: request.body.Name,
            remember: request.body.Remember ?? false,
          },
        );
        return start.started ? { Started: true } : { Started: false, Refusal: start.refusal };
      },
    );
  },
};

const fakeProviderModule: ServerModule = {
  name: 'fake-identity-provider',
  entityHooks: {},
  routes: fakeProvider.routes,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, modules: [...serverModules, fakeProviderModule] });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('loginFailures').execute();
});

const signInWithFake = (
  body: { Name: string; Remember?: boolean; UserId?: number },
  cookie?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: fakeSignIn,
    headers: { 'user-agent': chromeUserAgent, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
const currentUser = (cookie: string) => currentUserWith(t, cookie);
const lastAudit = () => lastLoginAudit(t);
const userNamed = (name: string) =>
  t.database.db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const sessionsOf = (userId: number) =>
  t.database.db.selectFrom('sessions').selectAll().where('userId', '=', userId).execute();
const setUser = (name: string, values: { active?: boolean; emailConfirmedAt?: Date | null }) =>
  t.database.db.updateTable('users').set(values).where('name', '=', name).execute();

describe('a provider starting a session through the public session start', () => {
  it('signs the user in: the cookie works, the audit names the provider, the last login is kept', async () => {
    await t.database.db
      .updateTable('users')
      .set({ lastLoginAt: null })
      .where('name', '=', 'employee1')
      .execute();
    const user = await userNamed('employee1');
    const before = await sessionsOf(user.id);

    const res = await signInWithFake({ Name: 'employee1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Started: true });
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.expires).toBeUndefined();

    const me = await currentUser(sessionCookieOf(res));
    expect(me.json()).toMatchObject({ Id: user.id, Name: 'employee1' });

    expect(await lastAudit()).toMatchObject({
      userId: user.id,
      email: 'employee1',
      loginResult: '',
      provider: 'fake',
      httpMethod: 'POST',
      browser: 'Chrome',
      platform: 'Windows 10',
      fingerPrint: null,
    });
    expect((await userNamed('employee1')).lastLoginAt).toBeInstanceOf(Date);
    const after = await sessionsOf(user.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((s) => !before.some((b) => b.id === s.id))).toMatchObject({
      remember: false,
      revokedAt: null,
    });
  });

  it('keeps the session past the browser when the provider says to remember the user', async () => {
    const res = await signInWithFake({ Name: 'manager', Remember: true });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('ends the session the caller signed in with before', async () => {
    const first = sessionCookieOf(await signInWithFake({ Name: 'employee1' }));
    const second = await signInWithFake({ Name: 'employee1' }, first);
    expect(second.statusCode).toBe(200);
    expect((await currentUser(first)).json()).toBeNull();
    expect((await currentUser(sessionCookieOf(second))).json()).toMatchObject({
      Name: 'employee1',
    });
  });

  it('shows the provider in the login audit list', async () => {
    await signInWithFake({ Name: 'employee1' });
    const admin = sessionCookieOf(await postLogin(t.app, 'admin'));
    const list = await t.app.inject({
      method: 'GET',
      url: "/odata/UserLoginAuditTrackingOData?$filter=Provider eq 'fake'&$count=true",
      headers: { cookie: admin },
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<{ '@odata.count': number; value: Record<string, unknown>[] }>();
    expect(page['@odata.count']).toBeGreaterThan(0);
    expect(page.value.every((entry) => entry.Provider === 'fake')).toBe(true);
    expect(page.value[0]).toMatchObject({ Email: 'employee1', LoginResult: '' });
  });
});

describe('what no provider can get past', () => {
  it('refuses a user an administrator turned off, audited with the provider, with no session', async () => {
    const user = await userNamed('employee2');
    await setUser('employee2', { active: false });
    try {
      const before = await sessionsOf(user.id);
      const res = await signInWithFake({ Name: 'employee2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Started: false, Refusal: 'UserNotActive' });
      expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
      expect(await sessionsOf(user.id)).toHaveLength(before.length);
      expect(await lastAudit()).toMatchObject({
        userId: user.id,
        email: 'employee2',
        loginResult: 'UserNotActive',
        provider: 'fake',
      });
    } finally {
      await setUser('employee2', { active: true });
    }
  });

  it('refuses a self-registered account whose address is not confirmed yet', async () => {
    await setUser('employee2', { emailConfirmedAt: null });
    try {
      const res = await signInWithFake({ Name: 'employee2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Started: false, Refusal: 'UserNotActive' });
      expect(await lastAudit()).toMatchObject({ loginResult: 'UserNotActive', provider: 'fake' });
    } finally {
      await setUser('employee2', { emailConfirmedAt: new Date() });
    }
  });

  it('refuses a user who does not exist', async () => {
    const res = await signInWithFake({ Name: 'ghost', UserId: 987_654 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Started: false, Refusal: 'UserNotFound' });
    expect(await lastAudit()).toMatchObject({
      userId: null,
      email: 'ghost',
      loginResult: 'UserNotFound',
      provider: 'fake',
    });
  });

  it('leaves the password lockout to the password provider: it neither blocks nor lifts it', async () => {
    // As five wrong passwords leave the name.
    await t.database.db
      .insertInto('loginFailures')
      .values({
        loginName: 'employee2',
        failedCount: 5,
        lastFailedAt: new Date(),
        lockedUntil: new Date(Date.now() + 15 * 60_000),
      })
      .execute();
    const locked = await postLogin(t.app, 'employee2');
    expect(locked.json()).toMatchObject({ Succeeded: false, InvalidPasswordAttempts: true });

    const res = await signInWithFake({ Name: 'employee2' });
    expect(res.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ loginResult: '', provider: 'fake' });
    expect((await postLogin(t.app, 'employee2')).json()).toMatchObject({
      Succeeded: false,
      InvalidPasswordAttempts: true,
    });
  });
});

describe('the password provider', () => {
  it('records password on a success and on each kind of failure', async () => {
    const success = await postLogin(t.app, 'employee1');
    expect(success.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
    expect(await lastAudit()).toMatchObject({
      email: 'employee1',
      loginResult: '',
      provider: 'password',
    });

    await postLogin(t.app, 'employee1', { password: 'wrong' });
    expect(await lastAudit()).toMatchObject({
      loginResult: 'InvalidPassword',
      provider: 'password',
    });

    await postLogin(t.app, 'nobody-at-all');
    expect(await lastAudit()).toMatchObject({ loginResult: 'UserNotFound', provider: 'password' });

    await setUser('employee1', { active: false });
    try {
      const refused = await postLogin(t.app, 'employee1');
      expect(refused.json()).toEqual({
        Succeeded: false,
        CaptchaRequired: false,
        UserNotActive: true,
      });
      expect(refused.cookies.find((c) => c.name === 'session')).toBeUndefined();
      expect(await lastAudit()).toMatchObject({
        loginResult: 'UserNotActive',
        provider: 'password',
      });
    } finally {
      await setUser('employee1', { active: true });
    }
  });
});
