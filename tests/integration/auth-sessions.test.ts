import { createHmac } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import { createTestApp, type TestApp } from '../support/test-app';
import { postLogin, signIn } from '../support/sign-in';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('loginFailures').execute();
  });

  const whoIs = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/GetCurrentUser', headers })).json();
  const permissionsOf = async (cookie: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/permissions',
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      })
    ).json();
  const sessionIdOf = (cookie: string) =>
    (JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

  it('ends the session at logout: the cookie and the token itself stop working', async () => {
    const cookie = await signIn(t.app, 'demo');
    expect(await whoIs({ cookie })).toMatchObject({ Name: 'demo' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'session')?.value).toBe('');

    expect(await whoIs({ cookie })).toBeNull();
    const token = cookie.replace('session=', '');
    expect(await whoIs({ authorization: `Bearer ${token}` })).toBeNull();
    const row = await t.database.db
      .selectFrom('sessions')
      .select('revokedAt')
      .where('id', '=', sessionIdOf(token))
      .executeTakeFirstOrThrow();
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it('ends every session of a user who is deactivated', async () => {
    const cookie = await signIn(t.app, 'employee2');
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('name', '=', 'employee2')
      .execute();
    try {
      expect(await whoIs({ cookie })).toBeNull();
    } finally {
      await t.database.db
        .updateTable('users')
        .set({ active: true })
        .where('name', '=', 'employee2')
        .execute();
    }
  });

  it('applies a role change to the very next request', async () => {
    const cookie = await signIn(t.app, 'manager');
    expect(await permissionsOf(cookie)).toContain('ManageUnits');
    const manager = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'manager')
      .executeTakeFirstOrThrow();
    const roles = await t.database.db
      .selectFrom('userRoles')
      .selectAll()
      .where('userId', '=', manager.id)
      .execute();
    await t.database.db.deleteFrom('userRoles').where('userId', '=', manager.id).execute();
    try {
      expect(await permissionsOf(cookie)).toEqual([]);
      expect(await whoIs({ cookie })).toMatchObject({ Name: 'manager', IsAdmin: false });
    } finally {
      await t.database.db.insertInto('userRoles').values(roles).execute();
    }
  });

  it('signs out a session idle for more than 10 minutes, but not a remembered one', async () => {
    const idle = await signIn(t.app, 'demo');
    const remembered = await signIn(t.app, 'demo', { save: true });
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    await t.database.db
      .updateTable('sessions')
      .set({ lastSeenAt: elevenMinutesAgo })
      .where('id', 'in', [
        sessionIdOf(idle.replace('session=', '')),
        sessionIdOf(remembered.replace('session=', '')),
      ])
      .execute();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/users/GetCurrentUser',
      headers: { cookie: idle },
    });
    expect(answer.json()).toBeNull();
    expect(answer.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect(await whoIs({ cookie: remembered })).toMatchObject({ Name: 'demo' });
  });

  it('keeps a session alive while it is used', async () => {
    const cookie = await signIn(t.app, 'demo');
    const sid = sessionIdOf(cookie.replace('session=', ''));
    await t.database.db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(Date.now() - 9 * 60_000) })
      .where('id', '=', sid)
      .execute();
    expect(await whoIs({ cookie })).toMatchObject({ Name: 'demo' });
    const row = await t.database.db
      .selectFrom('sessions')
      .select('lastSeenAt')
      .where('id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(5_000);
  });

  it('treats a forged, tampered or unsigned token as nobody', async () => {
    const token = (await signIn(t.app, 'admin')).replace('session=', '');
    const [header, payload] = token.split('.');
    const forged = createHmac('sha256', 'guessed-secret')
      .update(`${header}.${payload}`)
      .digest('base64url');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const bad of [`${header}.${payload}.${forged}`, none, 'garbage', `${token}x`]) {
      expect(await whoIs({ authorization: `Bearer ${bad}` })).toBeNull();
      expect(await whoIs({ cookie: `session=${bad}` })).toBeNull();
    }
  });
});

describe('the captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    for (const [key, value] of [
      ['Security.CaptchaCost', 1],
      ['Security.CaptchaCounterMin', 10],
      ['Security.CaptchaCounterMax', 50],
    ] as const) {
      await t.database.db
        .updateTable('settings')
        .set({ value: JSON.stringify(value) })
        .where('key', '=', key)
        .execute();
    }
    forgetSettings(t.database.db);
  });
  afterAll(() => t.close());

  const solvedPayload = async () => {
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/auth/captcha/challenge' })
    ).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('is required after three failures, refuses a bad response, accepts a solved one once', async () => {
    for (let i = 1; i <= 2; i += 1) {
      expect((await postLogin(t.app, 'employee1', { password: `bad-${i}` })).json()).toMatchObject({
        CaptchaRequired: false,
      });
    }
    expect((await postLogin(t.app, 'employee1', { password: 'bad-3' })).json()).toMatchObject({
      CaptchaRequired: true,
      InvalidUserOrPassword: true,
    });

    const without = await postLogin(t.app, 'employee1');
    expect(without.json()).toEqual({ Succeeded: false, CaptchaRequired: true });

    const bogus = Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64');
    expect((await postLogin(t.app, 'employee1', { captcha: bogus })).json()).toMatchObject({
      Succeeded: false,
      InvalidCaptcha: true,
    });

    const payload = await solvedPayload();
    const ok = await postLogin(t.app, 'employee1', { captcha: payload });
    expect(ok.json()).toMatchObject({ Succeeded: true });
    expect(ok.cookies.find((c) => c.name === 'session')).toBeDefined();

    const replay = await postLogin(t.app, 'employee1', { captcha: payload });
    expect(replay.json()).toMatchObject({ Succeeded: false, InvalidCaptcha: true });
  });

  it('refuses a challenge signed by anyone else', async () => {
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/auth/captcha/challenge' })
    ).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: 2 } };
    const payload = Buffer.from(JSON.stringify({ challenge: tampered, solution })).toString(
      'base64',
    );
    expect((await postLogin(t.app, 'demo', { captcha: payload })).json()).toMatchObject({
      InvalidCaptcha: true,
    });
  });
});
