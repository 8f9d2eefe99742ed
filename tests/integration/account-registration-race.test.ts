import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AccountUsers from '../../server/modules/account/repositories/account-users';
import { createTestApp, type TestApp } from '../support/test-app';
import { accountPaths, browserDigest, post, setSetting } from './account-support';

/** When set, the registration's own check finds nothing, as when a rival write lands after it. */
const race = vi.hoisted(() => ({ checkMisses: false }));

vi.mock('../../server/modules/account/repositories/account-users', async (importOriginal) => {
  const actual = await importOriginal<typeof AccountUsers>();
  return {
    ...actual,
    isAddressTaken: async (...args: Parameters<typeof actual.isAddressTaken>) =>
      race.checkMisses ? false : actual.isAddressTaken(...args),
  };
});

describe('registration racing another account for the same address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    // The demo has users belong to companies, which closes self-registration; open it.
    await setSetting(t, 'GroupsAndCompanies.UsersBelongTo', 0);
  });
  afterAll(() => t.close());

  it('is refused by the unique index with UsernameAlreadyExists, never a 500', async () => {
    const holders = () =>
      t.database.db
        .selectFrom('users')
        .select('name')
        .where((eb) => eb.fn('lower', ['email']), '=', 'employee2@demo.asphalt.test')
        .execute();
    race.checkMisses = true;
    try {
      const response = await post(t, accountPaths.registerUser, {
        Name: 'Employee2@Demo.Asphalt.test',
        FirstName: 'Erin',
        Surname: 'Rival',
        Password: browserDigest('Rival-2026!'),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
    } finally {
      race.checkMisses = false;
    }
    expect(await holders()).toEqual([{ name: 'employee2' }]);
    const mails = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where((eb) => eb.fn('lower', ['to']), '=', 'employee2@demo.asphalt.test')
      .execute();
    expect(mails).toEqual([]);
  });
});
