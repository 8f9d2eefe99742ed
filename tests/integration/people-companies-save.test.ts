import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompany } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  type CompanyAnswer,
  companyIdOf,
  companyRow,
  contactsOf,
  saveRivalCompany,
  userIdOf,
} from './people-support';
import { apiClient } from '../support/api-client';

describe('companies: saving, members and deletion', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let demoId: number;
  let rivalId: number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    demoId = await companyIdOf(t, demoCompany);
    rivalId = await saveRivalCompany(client);
  });
  afterAll(() => t.close());

  it('refuses a stale version, a taken name and an unknown contact type', async () => {
    const rival = (
      await client.get('admin', `/api/companies/GetCompanyById/${rivalId}`)
    ).json<CompanyAnswer>();
    const renamed = await client.post('admin', '/api/companies/SaveCompany', {
      ...rival,
      CompanyName: 'Rival Paving plc',
    });
    expect(renamed.json()).toMatchObject({
      CompanyName: 'Rival Paving plc',
      Version: rival.Version + 1,
    });
    expect(await contactsOf(t, rivalId)).toHaveLength(1);
    const stale = await client.post('admin', '/api/companies/SaveCompany', {
      ...rival,
      CompanyName: 'Stale',
    });
    expect(stale.statusCode).toBe(409);
    expect(await companyRow(t, rivalId)).toMatchObject({ companyName: 'Rival Paving plc' });
    const taken = await client.post('admin', '/api/companies/SaveCompany', {
      CompanyName: demoCompany.toUpperCase(),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().Errors).toEqual([{ Field: 'CompanyName', Message: expect.any(String) }]);
    const badType = await client.post('admin', '/api/companies/SaveCompany', {
      CompanyName: 'Odd contacts',
      Contacts: [{ TypeId: 42, Name: 'Nobody' }],
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().Errors).toEqual([
      { Field: 'Contacts.0.TypeId', Message: expect.any(String) },
    ]);
    const badEmail = await client.post('admin', '/api/companies/SaveCompany', {
      CompanyName: 'Odd contacts',
      Contacts: [{ TypeId: 1, Name: 'Somebody', Email: 'nope' }],
    });
    expect(badEmail.statusCode).toBe(400);
    const names = await t.database.db.selectFrom('companies').select('companyName').execute();
    expect(names.map((c) => c.companyName)).not.toContain('Odd contacts');
  });

  it('adds users to a company: any user for ManageCompanies, none outside their company for its own admin', async () => {
    const demo = await userIdOf(t, 'demo');
    const manager = await userIdOf(t, 'manager');
    const employee = await userIdOf(t, 'employee1');
    // A company-less account is outside a company administrator's reach: pulling it in would
    // let them manage it (the manager, the administrator) afterwards.
    const adopt = await client.post('companyadmin', '/api/companies/users', {
      CompanyId: demoId,
      UserIds: [demo],
    });
    expect(adopt.statusCode).toBe(404);
    expect(adopt.json()).toHaveProperty('Message');
    const byAdmin = await client.post('admin', '/api/companies/users', {
      CompanyId: demoId,
      UserIds: [demo],
    });
    expect(byAdmin.json()).toEqual({ Assigned: 1 });
    const rivalUser = await client.post('admin', '/api/companies/users', {
      CompanyId: rivalId,
      UserIds: [manager],
    });
    expect(rivalUser.json()).toEqual({ Assigned: 1 });
    const poach = await client.post('companyadmin', '/api/companies/users', {
      CompanyId: demoId,
      UserIds: [manager],
    });
    expect([403, 404]).toContain(poach.statusCode);
    const elsewhere = await client.post('companyadmin', '/api/companies/users', {
      CompanyId: rivalId,
      UserIds: [employee],
    });
    expect(elsewhere.statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom('users')
      .select(['id', 'companyId'])
      .where('id', 'in', [demo, manager, employee])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.companyId]))).toEqual({
      [demo]: demoId,
      [manager]: rivalId,
      [employee]: demoId,
    });
  });

  it('deletes a company; its users stay, without a company', async () => {
    const temp = (
      await client.post('admin', '/api/companies/SaveCompany', {
        CompanyName: 'Gone Ltd',
        Contacts: [{ TypeId: 4, Name: 'Driver' }],
      })
    ).json<CompanyAnswer>();
    const user = await client.post('admin', '/api/companies/users', {
      CompanyId: temp.Id,
      UserIds: [await userIdOf(t, 'employee2')],
    });
    expect(user.statusCode).toBe(200);
    const res = await client.get('admin', `/api/companies/DeleteCompany/${temp.Id}`);
    expect(res.statusCode).toBe(204);
    expect(await companyRow(t, temp.Id)).toBeUndefined();
    expect(await contactsOf(t, temp.Id)).toEqual([]);
    const employee2 = await t.database.db
      .selectFrom('users')
      .select('companyId')
      .where('name', '=', 'employee2')
      .executeTakeFirstOrThrow();
    expect(employee2.companyId).toBeNull();
    expect((await client.get('admin', `/api/companies/DeleteCompany/${temp.Id}`)).statusCode).toBe(
      404,
    );
  });
});
