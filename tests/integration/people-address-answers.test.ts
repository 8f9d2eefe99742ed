import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { editableUser, setUsersBelongTo, userIdOf, userRowByName } from './people-support';

/**
 * Addresses are unique across the installation, so a save of one another account holds fails
 * wherever that account is; the save and `api/check/IsUnique{field}` agree on it, and tell the
 * caller no more than they could read: "Another account ..." for an account among the users
 * they reach, the neutral "... cannot be used." for one beyond them (another company's).
 */

const withinReach = {
  Email: 'Another account already uses this e-mail address.',
  Name: 'Another account already has this name or e-mail address.',
};
const beyondReach = {
  Email: 'This e-mail address cannot be used.',
  Name: 'This name cannot be used.',
};

const rivalAddress = 'rival.worker@rival.test';
const ownAddress = 'own.worker@demo.test';

let t: TestApp;
let client: ApiClient;

interface Refusal {
  Message: string;
  Errors?: { Field: string; Message: string }[];
}

async function check(user: string, field: 'Email' | 'Name', val: string, id: number | null) {
  const res = await client.post(user, `/api/check/IsUnique${field}`, { val, entity: 'Users', id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ isUnique: boolean; Message?: string }>();
}

/** A save's refusal of the field, and the check's answer for the same value: they agree. */
async function bothAnswers(
  user: string,
  field: 'Email' | 'Name',
  value: string,
  payload: Record<string, unknown>,
) {
  const id = typeof payload.Id === 'number' ? payload.Id : null;
  const save = await client.post(user, '/api/users/SaveUser', { ...payload, [field]: value });
  expect(save.statusCode, save.body).toBe(400);
  const refusal = save.json<Refusal>();
  expect(refusal.Errors?.map((error) => error.Field)).toEqual([field]);
  const answer = await check(user, field, value, id);
  expect(answer.isUnique).toBe(false);
  expect(answer.Message).toBe(refusal.Errors?.[0]?.Message);
  return answer.Message;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  await setUsersBelongTo(t, 3);
  const rival = await client.post('admin', '/api/companies/SaveCompany', {
    CompanyName: 'Rival Paving',
  });
  expect(rival.statusCode, rival.body).toBe(200);
  const worker = await client.post('admin', '/api/users/SaveUser', {
    Name: 'rival-worker',
    Email: rivalAddress,
    Company: { Id: rival.json<{ Id: number }>().Id },
  });
  expect(worker.statusCode, worker.body).toBe(200);
  await t.database.db
    .updateTable('users')
    .set({ email: ownAddress })
    .where('name', '=', 'employee1')
    .execute();
});
afterAll(() => t.close());

describe("a company administrator saving and checking another company's address", () => {
  it('is refused with the same neutral answer by the save and the check, and nothing is saved', async () => {
    for (const value of [rivalAddress, rivalAddress.toUpperCase()]) {
      expect(await bothAnswers('companyadmin', 'Email', value, { Name: 'newcomer' })).toBe(
        beyondReach.Email,
      );
    }
    expect(await userRowByName(t, 'newcomer')).toBeUndefined();

    const employee2 = await editableUser(t, await userIdOf(t, 'employee2'));
    const before = await userRowByName(t, 'employee2');
    expect(await bothAnswers('companyadmin', 'Email', rivalAddress, employee2)).toBe(
      beyondReach.Email,
    );
    expect(await userRowByName(t, 'employee2')).toEqual(before);
  });

  it("answers a user name that is another company account's name or address as neutrally", async () => {
    for (const value of ['rival-worker', rivalAddress]) {
      expect(await bothAnswers('companyadmin', 'Name', value, {})).toBe(beyondReach.Name);
    }
    expect(await userRowByName(t, rivalAddress)).toBeUndefined();
    const rivals = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('name', '=', 'rival-worker')
      .execute();
    expect(rivals).toHaveLength(1);
  });

  it('never names the other account, nor tells it apart from any value refused', async () => {
    const save = await client.post('companyadmin', '/api/users/SaveUser', {
      Name: 'newcomer',
      Email: rivalAddress,
    });
    expect(save.body).not.toMatch(/rival-worker|Rival Paving|another account/i);
  });
});

describe("a company administrator saving and checking their own company's address", () => {
  it('is told another account uses it, by the save and the check alike', async () => {
    expect(await bothAnswers('companyadmin', 'Email', ownAddress, { Name: 'newcomer' })).toBe(
      withinReach.Email,
    );
    // SaveUser answers a name taken within reach with its flag (spec), as it always did.
    const save = await client.post('companyadmin', '/api/users/SaveUser', { Name: 'employee1' });
    expect(save.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
    expect(await check('companyadmin', 'Name', 'EMPLOYEE1', null)).toEqual({
      isUnique: false,
      Message: withinReach.Name,
    });
    expect(await userRowByName(t, 'newcomer')).toBeUndefined();
  });

  it('keeps a free address free, and a user their own', async () => {
    expect(await check('companyadmin', 'Email', 'nobody@demo.test', null)).toEqual({
      isUnique: true,
    });
    const employee1 = await userIdOf(t, 'employee1');
    expect(await check('companyadmin', 'Email', ownAddress, employee1)).toEqual({
      isUnique: true,
    });
  });
});

describe('an administrator, who reaches every account', () => {
  it("is told another account uses the other company's address", async () => {
    expect(await bothAnswers('admin', 'Email', rivalAddress, { Name: 'newcomer' })).toBe(
      withinReach.Email,
    );
  });
});
