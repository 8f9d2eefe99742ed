import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPassword } from '#metadata';
import { hashPassword, productionHashCost } from '../../server/security/password-hash';
import { postLogin } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { accountPaths, browserDigest, post, setSetting } from './account-support';

const wrongPasswords = (count: number) => Array.from({ length: count }, (_, i) => `wrong-${i + 1}`);

/** The login audit written since `afterId`, reason by reason. */
async function auditSince(t: TestApp, afterId: number) {
  const rows = await t.database.db
    .selectFrom('loginAudit')
    .select(['email', 'loginResult'])
    .where('id', '>', afterId)
    .execute();
  return {
    rows,
    /** Attempts whose password was checked: a wrong one, or a success. */
    checked: rows.filter((r) => r.loginResult === 'InvalidPassword' || r.loginResult === ''),
    reasons: rows.map((r) => r.loginResult),
  };
}

const lastAuditId = async (t: TestApp) =>
  (
    await t.database.db
      .selectFrom('loginAudit')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
      .executeTakeFirstOrThrow()
  ).id;

const storedFailures = async (t: TestApp, loginName: string) =>
  t.database.db
    .selectFrom('loginFailures')
    .select(['failedCount', 'lockedUntil'])
    .where('loginName', '=', loginName)
    .executeTakeFirst();

describe('parallel sign-in attempts on one name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('loginFailures').execute();
  });

  it('checks one password, not sixteen, when the name is one failure short of the captcha', async () => {
    for (const password of wrongPasswords(2)) await postLogin(t.app, 'employee1', { password });
    const since = await lastAuditId(t);

    const passwords: (string | undefined)[] = wrongPasswords(15).map((p) => `${p}-parallel`);
    const rightAt = Math.floor(Math.random() * 16);
    passwords.splice(rightAt, 0, undefined);
    const answers = await Promise.all(
      passwords.map((password) => postLogin(t.app, 'employee1', { password })),
    );

    expect(answers.map((a) => a.statusCode)).toEqual(passwords.map(() => 200));
    const { rows, checked, reasons } = await auditSince(t, since);
    expect(rows).toHaveLength(16);
    // The attempt that took the third failure is checked; the fifteen after it need a captcha.
    expect(checked).toHaveLength(1);
    expect(reasons.filter((r) => r === 'CaptchaRequired')).toHaveLength(15);

    const signedIn = answers.filter((a) => a.json().Succeeded);
    const rightWasChecked = checked[0]!.loginResult === '';
    expect(signedIn).toHaveLength(rightWasChecked ? 1 : 0);
    if (rightWasChecked) {
      expect(answers[rightAt]!.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
      expect(answers[rightAt]!.cookies.map((c) => c.name)).toContain('session');
    }
    for (const [index, answer] of answers.entries()) {
      if (index !== rightAt) expect(answer.cookies).toEqual([]);
    }
    // A success clears the count; otherwise the two before and the one checked failure stay.
    expect((await storedFailures(t, 'employee1'))?.failedCount ?? 0).toBe(rightWasChecked ? 0 : 3);
  });

  it('checks no more passwords than the lockout allows when it is reached in parallel', async () => {
    await setSetting(t, 'Security.CaptchaAfterFailedAttempts', 100);
    try {
      for (const password of wrongPasswords(3)) await postLogin(t.app, 'employee2', { password });
      const since = await lastAuditId(t);

      const answers = await Promise.all(
        wrongPasswords(16).map((password) =>
          postLogin(t.app, 'employee2', { password: `${password}-parallel` }),
        ),
      );

      const { checked, reasons } = await auditSince(t, since);
      // Five failures lock the name: two more checks after the three before, then none.
      expect(checked).toHaveLength(2);
      expect(reasons.filter((r) => r === 'InvalidPasswordAttempts')).toHaveLength(14);
      const bodies = answers.map((a) => a.json());
      expect(bodies.filter((b) => b.InvalidUserOrPassword)).toHaveLength(1);
      const lockedAnswers = bodies.filter((b) => b.InvalidPasswordAttempts);
      expect(lockedAnswers).toHaveLength(15);
      for (const body of lockedAnswers) expect(body.LockedForSeconds).toBeGreaterThan(14 * 60);

      const stored = await storedFailures(t, 'employee2');
      expect(stored?.failedCount).toBe(5);
      expect(stored?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
      expect((await postLogin(t.app, 'employee2')).json()).toMatchObject({
        Succeeded: false,
        InvalidPasswordAttempts: true,
      });
    } finally {
      await setSetting(t, 'Security.CaptchaAfterFailedAttempts', 3);
    }
  });
});

describe('password hashing under a sign-in flood', () => {
  let t: TestApp;
  let names: string[];
  beforeAll(async () => {
    t = await createTestApp({
      demo: true,
      env: { AUTH_HASH_CONCURRENCY: '1', AUTH_HASH_QUEUE: '1' },
    });
    // The demo has users belong to companies, which closes self-registration; open it.
    await setSetting(t, 'GroupsAndCompanies.UsersBelongTo', 0);
    // The suite hashes cheaply; a flood only fills the queue when each check takes the time a
    // real one does, so the accounts hold hashes at the production cost.
    const slow = await hashPassword(browserDigest(demoPassword), productionHashCost);
    await t.database.db.updateTable('users').set({ passwordHash: slow }).execute();
    const users = await t.database.db.selectFrom('users').select('name').execute();
    names = users.map((user) => user.name).filter((name) => name !== 'admin');
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After beyond the queue, counts no failure for it, and recovers', async () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
    const since = await lastAuditId(t);
    const answers = await Promise.all(
      names.map((name) => postLogin(t.app, name, { password: 'guess' })),
    );

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // One hash runs and one waits; those arriving while both places are taken are refused.
    const busyCount = statuses.filter((s) => s === 503).length;
    expect(busyCount).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    for (const busy of answers.filter((a) => a.statusCode === 503)) {
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json().Message).toMatch(/busy signing other people in/);
    }

    const refused = names.filter((_, i) => statuses[i] === 503);
    const failures = await t.database.db
      .selectFrom('loginFailures')
      .select(['loginName', 'failedCount'])
      .where('loginName', 'in', refused)
      .execute();
    expect(failures.map((f) => f.failedCount)).toEqual(refused.map(() => 0));
    const { reasons } = await auditSince(t, since);
    expect(reasons.filter((r) => r === 'ServerBusy')).toHaveLength(busyCount);

    const after = await postLogin(t.app, 'admin');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ Succeeded: true, CaptchaRequired: false });
  });

  it('takes registrations through the same queue: busy answers create no account', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `queued-${i}@example.test`);
    const answers = await Promise.all(
      names.map((name) =>
        post(t, accountPaths.registerUser, {
          Name: name,
          Password: browserDigest('Register-2026!'),
          Active: true,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    const created = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('name', 'in', names)
      .execute();
    expect(created.map((u) => u.name).sort()).toEqual(
      names.filter((_, i) => statuses[i] === 200).sort(),
    );
  });
});

describe('sign-ins counted across every address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_GLOBAL_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with a Message once all addresses together reach the limit', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await postLogin(t.app, `someone${i}`, { password: 'guess' })).statusCode).toBe(200);
    }
    const since = await lastAuditId(t);
    const refused = await postLogin(t.app, 'admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Message).toMatch(
      /^Too many people are signing in just now; try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.cookies).toEqual([]);
    expect((await auditSince(t, since)).rows).toEqual([]);
  });
});
