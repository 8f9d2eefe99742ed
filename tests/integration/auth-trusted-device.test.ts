import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPassword } from '#metadata';
import { hashPassword, productionHashCost } from '../../server/security/password-hash';
import { deviceCookieOf, postLogin } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { browserDigest, setSetting } from './account-support';

// Device cookies: a browser where a name signed in before is trusted for that name. A flood
// of wrong passwords from elsewhere neither locks it out, nor takes its hashing turn, nor
// counts it against the limit shared by every address.

const wrong = { password: 'guess' };

describe('the device cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    // Lockout, not the captcha, is what a flood of wrong passwords meets here.
    await setSetting(t, 'Security.CaptchaAfterFailedAttempts', 100);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('loginFailures').execute();
  });

  it('is left by a successful sign-in only, httpOnly, for the sign-in calls, for 90 days', async () => {
    const failed = await postLogin(t.app, 'employee1', wrong);
    expect(failed.json()).toMatchObject({ Succeeded: false });
    expect(failed.cookies.find((c) => c.name === 'device')).toBeUndefined();

    const signedIn = await postLogin(t.app, 'employee1');
    const device = signedIn.cookies.find((c) => c.name === 'device');
    expect(device).toMatchObject({
      httpOnly: true,
      path: '/api/auth',
      sameSite: 'Lax',
      maxAge: 90 * 86_400,
    });
  });

  it('lets its name sign in while a flood from elsewhere has locked the name', async () => {
    const cookie = deviceCookieOf(await postLogin(t.app, 'employee1'));
    for (let i = 0; i < 5; i += 1) await postLogin(t.app, 'employee1', wrong);
    const elsewhere = await postLogin(t.app, 'employee1');
    expect(elsewhere.json()).toMatchObject({ Succeeded: false, InvalidPasswordAttempts: true });

    const trusted = await postLogin(t.app, 'employee1', { cookie });
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
    expect(trusted.cookies.find((c) => c.name === 'session')?.value).toBeTruthy();
    // The lock on everyone else stays: the trusted success clears only its own count.
    const stillLocked = await postLogin(t.app, 'employee1');
    expect(stillLocked.json()).toMatchObject({ InvalidPasswordAttempts: true });
    const names = await t.database.db
      .selectFrom('loginFailures')
      .select(['loginName', 'lockedUntil'])
      .execute();
    expect(names).toEqual([{ loginName: 'employee1', lockedUntil: expect.any(Date) }]);
  });

  it("counts the trusted browser's own wrong passwords apart, and locks it after as many", async () => {
    const cookie = deviceCookieOf(await postLogin(t.app, 'employee2'));
    for (let i = 0; i < 5; i += 1) {
      expect((await postLogin(t.app, 'employee2', { ...wrong, cookie })).json()).toMatchObject({
        Succeeded: false,
      });
    }
    const locked = await postLogin(t.app, 'employee2', { cookie });
    expect(locked.json()).toMatchObject({ Succeeded: false, InvalidPasswordAttempts: true });
    // Everyone else's count of the name was never touched.
    const elsewhere = await postLogin(t.app, 'employee2');
    expect(elsewhere.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
  });

  it('trusts no cookie for another name, and none whose signature was altered', async () => {
    const cookie = deviceCookieOf(await postLogin(t.app, 'employee1'));
    for (let i = 0; i < 5; i += 1) await postLogin(t.app, 'employee3', wrong);
    const otherName = await postLogin(t.app, 'employee3', { cookie });
    expect(otherName.json()).toMatchObject({ Succeeded: false, InvalidPasswordAttempts: true });

    for (let i = 0; i < 5; i += 1) await postLogin(t.app, 'employee1', wrong);
    const [body, signature] = cookie.slice('device='.length).split('.');
    const forged = `device=${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const answer = await postLogin(t.app, 'employee1', { cookie: forged });
    expect(answer.json()).toMatchObject({ Succeeded: false, InvalidPasswordAttempts: true });
    // A name typed in another case is the same name.
    const upper = await postLogin(t.app, 'EMPLOYEE1', { cookie });
    expect(upper.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
  });
});

describe('a trusted sign-in under a flood', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      demo: true,
      env: {
        AUTH_HASH_CONCURRENCY: '1',
        AUTH_HASH_QUEUE: '1',
        AUTH_GLOBAL_RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    // Checks at the production cost, so that the one hashing turn stays taken by the flood.
    const slow = await hashPassword(browserDigest(demoPassword), productionHashCost);
    await t.database.db.updateTable('users').set({ passwordHash: slow }).execute();
  });
  afterAll(() => t.close());

  /** Keeps 24 wrong sign-ins for unknown names in flight until stopped; their statuses. */
  function flood() {
    let running = true;
    let sent = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (running) {
        const answer = await postLogin(t.app, `flood-${(sent += 1)}`, wrong);
        statuses.push(answer.statusCode);
      }
    };
    const workers = Array.from({ length: 24 }, worker);
    return async () => {
      running = false;
      await Promise.all(workers);
      return statuses;
    };
  }

  it('gets its hashing turn before anonymous attempts: 200 where they answer 503', async () => {
    const cookie = deviceCookieOf(await postLogin(t.app, 'manager'));
    const stop = flood();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The same user from a new browser meets the flood's full queue sooner or later...
    const anonymous: number[] = [];
    while (anonymous.length < 20 && !anonymous.includes(503)) {
      anonymous.push((await postLogin(t.app, 'manager')).statusCode);
    }
    // ...while from their own browser every sign-in gets its turn.
    const trusted: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      trusted.push((await postLogin(t.app, 'manager', { cookie })).statusCode);
    }
    const statuses = await stop();

    expect(statuses).toContain(503);
    expect(anonymous).toContain(503);
    expect(trusted).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('the limit shared by every address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_GLOBAL_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('lets a trusted sign-in by once anonymous attempts have reached it, uncounted', async () => {
    const cookie = deviceCookieOf(await postLogin(t.app, 'manager'));
    for (let i = 0; i < 2; i += 1) await postLogin(t.app, `flood-${i}`, wrong);
    const anonymous = await postLogin(t.app, 'manager');
    expect(anonymous.statusCode).toBe(429);
    expect(anonymous.json().Message).toMatch(/^Too many people are signing in just now/);
    for (let i = 0; i < 3; i += 1) {
      const trusted = await postLogin(t.app, 'manager', { cookie });
      expect(trusted.statusCode).toBe(200);
      expect(trusted.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
    }
    // A cookie of another name is no pass.
    expect((await postLogin(t.app, 'admin', { cookie })).statusCode).toBe(429);
  });
});
