import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEntity } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { roleIdOf, rowRule, setRules } from '../support/access-rules';
import { createTestApp, type TestApp } from '../support/test-app';
import { userRowByName } from './people-support';

/**
 * `POST api/users/SendPasswordResetByAdmin` keeps the Users row rules: an account a rule hides
 * from the caller answers `Sent: 0`, like any account out of their reach, and gets no mail.
 */
let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  const companyAdministrators = await roleIdOf(t, 'Company administrator');
  await setRules(client, userEntity.id, {
    RowRules: [rowRule(companyAdministrators, "Name ne 'employee2'")],
  });
});
afterAll(() => t.close());

const mailsTo = async (address: string) =>
  (await t.database.db.selectFrom('outbox').select('id').where('to', '=', address).execute())
    .length;

describe('SendPasswordResetByAdmin and the Users row rules', () => {
  it('sends nothing to an account a row rule hides from the caller, and says Sent: 0', async () => {
    const hidden = (await userRowByName(t, 'employee2'))!;
    const before = await mailsTo(hidden.email);
    const sent = await client.post('companyadmin', '/api/users/SendPasswordResetByAdmin', {
      Email: hidden.email,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ Sent: 0 });
    expect(await mailsTo(hidden.email)).toBe(before);
    // The same account is within reach of the administrator, whom no rule names.
    const byAdmin = await client.post('admin', '/api/users/SendPasswordResetByAdmin', {
      Email: hidden.email,
    });
    expect(byAdmin.json()).toEqual({ Sent: 1 });
    expect(await mailsTo(hidden.email)).toBe(before + 1);
  });

  it('still mails an account the rules let the caller read', async () => {
    const visible = (await userRowByName(t, 'employee1'))!;
    const sent = await client.post('companyadmin', '/api/users/SendPasswordResetByAdmin', {
      Email: visible.email,
    });
    expect(sent.json()).toEqual({ Sent: 1 });
  });
});
