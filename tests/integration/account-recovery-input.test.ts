import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths, demoAccounts } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * "Forgot your password?" takes an e-mail address or a user name: anything else is refused
 * with a 400 naming Email, whether or not an account exists; a well-formed address gets the
 * same answer whether it is known or not.
 */
describe('RecoverPassword checks the form of what it is given', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  const recover = (Email: string) =>
    t.app.inject({
      method: 'POST',
      url: accountPaths.recoverPassword,
      payload: { Email, Language: 'en-gb' },
    });
  const outbox = async () =>
    (await t.database.db.selectFrom('outbox').select('id').execute()).length;
  const tickets = async () =>
    (await t.database.db.selectFrom('accountTickets').select('id').execute()).length;

  it('refuses what is neither an e-mail address nor a user name, naming the field', async () => {
    const [mails, issued] = [await outbox(), await tickets()];
    for (const typed of [
      'jo@example',
      'jo smith',
      'a@b@example.com',
      '@',
      '   ',
      'employee1@',
      'jo\tsmith@example.com',
    ]) {
      const res = await recover(typed);
      expect(res.statusCode, JSON.stringify(typed)).toBe(400);
      const body = res.json<{ Message: string; Errors?: { Field: string }[] }>();
      expect(body.Message, typed).toMatch(/Email/);
      expect(body.Errors?.[0]?.Field, typed).toBe('Email');
    }
    expect(await outbox()).toBe(mails);
    expect(await tickets()).toBe(issued);
  });

  it('refuses a malformed address of a known account the same way (nothing is revealed)', async () => {
    const known = demoAccounts.find((a) => a.Name === 'employee1')!;
    const malformed = await recover(`${known.Email} extra`);
    const unknown = await recover('nobody at all');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(unknown.json());
  });

  it('answers a well-formed unknown address or name exactly as a known one', async () => {
    const generic = { ShowHelpfulMessages: false, Successfully: true, Exception: null };
    const known = demoAccounts.find((a) => a.Name === 'employee1')!;
    for (const typed of [
      'nobody-at-all@example.test',
      'not-an-email',
      '  someone.else@example.co.uk ',
      known.Email,
      known.Name,
    ]) {
      const res = await recover(typed);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json(), typed).toEqual(generic);
    }
  });
});
