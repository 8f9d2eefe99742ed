import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemPermissions } from '#metadata';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import { createTestApp, type TestApp } from '../support/test-app';
import { freshAddress, postLogin, sessionCookieOf, signIn } from '../support/sign-in';
import { currentUserWith, lastLoginAudit } from '../support/sign-in-checks';

describe('signing in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('loginFailures').execute();
  });

  const setSetting = async (key: string, value: unknown) => {
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', key)
      .execute();
    forgetSettings(t.database.db);
  };
  const currentUser = (cookie: string) => currentUserWith(t, cookie);
  const lastAudit = () => lastLoginAudit(t);

  it('signs admin in with an httpOnly SameSite session cookie and every permission', async () => {
    const res = await postLogin(t.app, 'Admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.expires).toBeUndefined();

    const user = (await currentUser(sessionCookieOf(res))).json();
    expect(user).toMatchObject({ Name: 'admin', FullName: 'Alex Admin', IsAdmin: true });
    const permissions = await t.app.inject({
      method: 'POST',
      url: '/api/auth/permissions',
      headers: { cookie: sessionCookieOf(res), 'sec-fetch-site': 'same-origin' },
    });
    expect(permissions.json()).toEqual(systemPermissions.map((p) => p.Code).sort());

    expect(await lastAudit()).toMatchObject({
      userId: user.Id,
      email: 'Admin',
      loginResult: '',
      httpMethod: 'POST',
      browser: 'Chrome',
      browserVersion: '131.0.0.0',
      platform: 'Windows 10',
      fingerPrint: 'test-fingerprint',
    });
  });

  it('gives a staff member only their roles’ permissions', async () => {
    const cookie = await signIn(t.app, 'employee1');
    const permissions = await t.app.inject({
      method: 'POST',
      url: '/api/auth/permissions',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(permissions.json()).toEqual(['AmendDeliveries', 'ExportDeliveries', 'ViewDeliveries']);
    expect((await currentUser(cookie)).json()).toMatchObject({ IsAdmin: false });
  });

  it('remembers the user for 30 days when asked (a persistent cookie)', async () => {
    const res = await postLogin(t.app, 'demo', { save: true });
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('accepts the session token as a bearer header too', async () => {
    const token = (await signIn(t.app, 'manager')).replace('session=', '');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/GetCurrentUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json()).toMatchObject({ Name: 'manager' });
  });

  it('answers an unknown user exactly as a wrong password, and audits the true reason', async () => {
    const started = performance.now();
    const unknown = await postLogin(t.app, 'nobody-here');
    const unknownMs = performance.now() - started;
    const wrong = await postLogin(t.app, 'employee2', { password: 'not-it' });
    const wrongMs = performance.now() - started - unknownMs;
    const expected = { Succeeded: false, CaptchaRequired: false, InvalidUserOrPassword: true };
    expect(unknown.json()).toEqual(expected);
    expect(wrong.json()).toEqual(expected);
    expect(await lastAudit()).toMatchObject({ email: 'employee2', loginResult: 'InvalidPassword' });
    // Both spend one slow hash check: an unknown name is not answered noticeably faster.
    expect(unknownMs).toBeGreaterThan(wrongMs * 0.4);
  });

  it('names the reason when the setting allows it', async () => {
    await setSetting('Security.RevealLoginFailureReason', true);
    try {
      expect((await postLogin(t.app, 'nobody-here')).json()).toMatchObject({ UserNotFound: true });
      expect((await postLogin(t.app, 'demo', { password: 'nope' })).json()).toMatchObject({
        InvalidPassword: true,
      });
    } finally {
      await setSetting('Security.RevealLoginFailureReason', false);
    }
  });

  it('locks the name after five wrong passwords, even against the right one, then unlocks', async () => {
    await setSetting('Security.CaptchaAfterFailedAttempts', 100);
    try {
      for (let i = 1; i <= 4; i += 1) {
        expect(
          (await postLogin(t.app, 'employee2', { password: `wrong-${i}` })).json(),
        ).toMatchObject({ InvalidUserOrPassword: true });
      }
      const fifth = (await postLogin(t.app, 'employee2', { password: 'wrong-5' })).json();
      expect(fifth).toMatchObject({ Succeeded: false, InvalidPasswordAttempts: true });
      expect(fifth.LockedForSeconds).toBeGreaterThan(14 * 60);

      const right = await postLogin(t.app, 'employee2');
      expect(right.json()).toMatchObject({ Succeeded: false, InvalidPasswordAttempts: true });
      expect(right.cookies.find((c) => c.name === 'session')).toBeUndefined();

      await t.database.db
        .updateTable('loginFailures')
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .execute();
      expect((await postLogin(t.app, 'employee2')).json()).toMatchObject({ Succeeded: true });
    } finally {
      await setSetting('Security.CaptchaAfterFailedAttempts', 3);
    }
  });

  it('locks unknown names the same way, so lockout reveals nothing', async () => {
    await setSetting('Security.CaptchaAfterFailedAttempts', 100);
    try {
      for (let i = 1; i <= 4; i += 1) await postLogin(t.app, 'ghost', { password: `x${i}` });
      expect((await postLogin(t.app, 'ghost', { password: 'x5' })).json()).toMatchObject({
        InvalidPasswordAttempts: true,
      });
    } finally {
      await setSetting('Security.CaptchaAfterFailedAttempts', 3);
    }
  });

  it('refuses an inactive user after a correct password', async () => {
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('name', '=', 'employee2')
      .execute();
    try {
      const res = await postLogin(t.app, 'employee2');
      expect(res.json()).toEqual({ Succeeded: false, CaptchaRequired: false, UserNotActive: true });
      expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ active: true })
        .where('name', '=', 'employee2')
        .execute();
    }
  });

  it.each([
    [{ User: 'admin', Pass: 'Demo-2026!' }, 'Pass'],
    [{ Pass: 'a'.repeat(128) }, 'User'],
    [{ User: 'admin', Pass: 'a'.repeat(128), IsAdmin: true }, 'IsAdmin'],
  ])('refuses a malformed body %j naming %s', async (payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.map((e: { Field: string }) => e.Field)).toContain(field);
  });

  it('allows 20 sign-in attempts a minute from one address, then answers 429', async () => {
    const address = '192.0.2.99';
    for (let i = 0; i < 20; i += 1) {
      expect((await postLogin(t.app, `someone${i}`, { remoteAddress: address })).statusCode).toBe(
        200,
      );
    }
    const refused = await postLogin(t.app, 'admin', { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Message).toMatch(/Too many requests/);
  });

  it('offers the demo shortcuts only in demo mode', async () => {
    const on = (await t.app.inject({ method: 'GET', url: '/api/auth/LoginOptions' })).json();
    expect(on.DemoAccounts.map((a: { Name: string }) => a.Name)).toEqual([
      'admin',
      'demo',
      'manager',
      'groupadmin',
      'companyadmin',
      'employee1',
      'employee2',
    ]);
    expect(on.DemoPassword).toBe('Demo-2026!');
    await setSetting('App.DemoMode', false);
    const off = (await t.app.inject({ method: 'GET', url: '/api/auth/LoginOptions' })).json();
    expect(off).toEqual({ DemoAccounts: [], DemoPassword: null });
    await setSetting('App.DemoMode', true);
  });

  it('refuses every password sign-in while local sign-in is turned off', async () => {
    await setSetting('Security.LocalSignInEnabled', false);
    try {
      const res = await postLogin(t.app, 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json().Message).toMatch(/turned off/);
      const flag = await t.app.inject({ method: 'GET', url: '/api/auth/IsBBWT2AuthAvailable' });
      expect(flag.json()).toBe(false);
    } finally {
      await setSetting('Security.LocalSignInEnabled', true);
    }
  });

  it('answers the sign-in flag calls', async () => {
    const get = async (name: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/auth/${name}` })).json();
    expect(await get('IsBBWT2AuthAvailable')).toBe(true);
    expect(await get('IsOktaUser')).toBe(false);
    expect(await get('IsOktaUserNotFound')).toBe(false);
    expect(await get('IsSignedUpWithFederation')).toBe(false);
  });
});
