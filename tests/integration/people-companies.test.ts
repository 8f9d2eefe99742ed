import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompany } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  type CompanyAnswer,
  companyIdOf,
  companyRow,
  contactsOf,
  saveRivalCompany,
} from './people-support';
import { apiClient } from '../support/api-client';

describe('companies: reading and who sees what', () => {
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

  it('creates a company with contacts', async () => {
    const rival = (await client.get('admin', `/api/companies/GetCompanyById/${rivalId}`)).json();
    expect(rival).toEqual({
      Id: rivalId,
      CompanyName: 'Rival Paving',
      UsersNum: 0,
      IsParameterised: false,
      Version: 1,
      Contacts: [
        {
          Id: expect.any(Number),
          TypeId: 1,
          Name: 'Front desk',
          Email: 'desk@rival.test',
          Phone: '+44 1632 960000',
        },
      ],
    });
    expect(await contactsOf(t, rivalId)).toHaveLength(1);
  });

  it('shows every company to ManageCompanies and only their own to CanViewCompany', async () => {
    const all = (await client.get('admin', '/api/companies/GetAllCompanies')).json<
      CompanyAnswer[]
    >();
    expect(all.map((c) => c.CompanyName)).toEqual([demoCompany, 'Rival Paving']);
    expect(all[0]).toMatchObject({ UsersNum: 3 });
    const own = await client.get('companyadmin', '/api/companies/GetAllCompanies');
    expect(own.json<CompanyAnswer[]>().map((c) => c.Id)).toEqual([demoId]);
    const odata = await client.get(
      'companyadmin',
      '/odata/CompaniesOData?$orderby=CompanyName desc&$count=true',
    );
    expect(odata.json()).toEqual({
      '@odata.count': 1,
      value: [expect.objectContaining({ Id: demoId })],
    });
    expect((await client.get('admin', '/odata/CompaniesOData?$count=true')).json()).toMatchObject({
      '@odata.count': 2,
    });
    expect(
      (await client.get('companyadmin', `/api/companies/GetCompanyById/${rivalId}`)).statusCode,
    ).toBe(404);
    expect(
      (await client.get('companyadmin', `/api/companies/GetCompanyById/${demoId}`)).json(),
    ).toMatchObject({ CompanyName: demoCompany });
    const mine = await client.get('companyadmin', '/api/company');
    expect(mine.json()).toMatchObject({ Id: demoId, CompanyName: demoCompany });
    expect((await client.get('admin', '/api/company')).statusCode).toBe(404);
  });

  it('lets a company administrator edit only their own company', async () => {
    const before = await companyRow(t, rivalId);
    const other = await client.post('companyadmin', '/api/companies/SaveCompany', {
      Id: rivalId,
      CompanyName: 'Taken over',
      Version: before!.version,
    });
    expect(other.statusCode).toBe(404);
    expect(await companyRow(t, rivalId)).toEqual(before);
    const create = await client.post('companyadmin', '/api/companies/SaveCompany', {
      CompanyName: 'Side business',
    });
    expect(create.statusCode).toBe(403);
    const deleteOther = await client.get('companyadmin', `/api/companies/DeleteCompany/${rivalId}`);
    expect(deleteOther.statusCode).toBe(403);

    const mine = (await client.get('companyadmin', '/api/company')).json<CompanyAnswer>();
    const saved = await client.post('companyadmin', '/api/company', {
      ...mine,
      Contacts: [
        { TypeId: 2, Name: 'Accounts team', Email: 'accounts@demo.asphalt.test' },
        { TypeId: 3, Name: 'Yard', Phone: '01632 960001' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Version: mine.Version + 1 });
    expect(await contactsOf(t, demoId)).toEqual([
      { typeId: 2, name: 'Accounts team', email: 'accounts@demo.asphalt.test', phone: '' },
      { typeId: 3, name: 'Yard', email: '', phone: '01632 960001' },
    ]);
    const wrongId = await client.post('companyadmin', '/api/company', { ...mine, Id: rivalId });
    expect(wrongId.statusCode).toBe(400);
  });
});
