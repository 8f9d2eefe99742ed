import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEntity, demoCompany } from '#metadata';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  type CompanyAnswer,
  changeLogCount,
  companyIdOf,
  contactsOf,
  saveRivalCompany,
  userIdOf,
} from './people-support';

const rows = `/api/dataSources/${companyEntity.id}/data`;

/** Which company each of these users belongs to, by id. */
async function companiesOf(t: TestApp, userIds: number[]) {
  const found = await t.database.db
    .selectFrom('users')
    .select(['id', 'companyId'])
    .where('id', 'in', userIds)
    .execute();
  return Object.fromEntries(found.map((row) => [row.id, row.companyId]));
}

/**
 * Companies are one engine entity: the spec's calls and the generic row calls read and write
 * the same rows, contacts and members under the same rules.
 */
describe('companies through the engine', () => {
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

  const read = async (user: string, id: number) =>
    (await client.get(user, `${rows}/${id}`)).json<CompanyAnswer>();
  /** A generic row write: the spec's calls carry the row as `Json`. */
  const put = (user: string, row: object) => client.put(user, rows, { Json: row });

  it('reads a company with its contacts in the order they were given', async () => {
    const saved = await client.post('admin', '/api/companies/SaveCompany', {
      ...(await read('admin', rivalId)),
      Contacts: [
        { TypeId: 2, Name: '  Yard  ', Phone: '01632 960001' },
        { TypeId: 1, Name: 'Front desk', Email: 'desk@rival.test' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CompanyAnswer>().Contacts).toEqual([
      { Id: expect.any(Number), TypeId: 2, Name: 'Yard', Email: '', Phone: '01632 960001' },
      {
        Id: expect.any(Number),
        TypeId: 1,
        Name: 'Front desk',
        Email: 'desk@rival.test',
        Phone: '',
      },
    ]);
    const generic = await read('admin', rivalId);
    expect(generic.Contacts.map((c) => c.Name)).toEqual(['Yard', 'Front desk']);
    expect(await contactsOf(t, rivalId)).toEqual([
      { typeId: 2, name: 'Yard', email: '', phone: '01632 960001' },
      { typeId: 1, name: 'Front desk', email: 'desk@rival.test', phone: '' },
    ]);
  });

  it('keeps the contacts when a save leaves them out, and refuses a bad one changing nothing', async () => {
    const rival = await read('admin', rivalId);
    const { Contacts: _left, ...withoutContacts } = rival;
    const renamed = await put('admin', { ...withoutContacts, IsParameterised: true });
    expect(renamed.statusCode).toBe(200);
    expect(await contactsOf(t, rivalId)).toHaveLength(2);
    const current = await read('admin', rivalId);
    const logged = await changeLogCount(t);
    const nameless = await put('admin', {
      ...current,
      Contacts: [{ TypeId: 1, Name: '   ' }],
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().Errors).toEqual([
      { Field: 'Contacts.0.Name', Message: expect.any(String) },
    ]);
    const unknownType = await put('admin', {
      ...current,
      Contacts: [{ TypeId: 99, Name: 'Somebody' }],
    });
    expect(unknownType.json().Errors).toEqual([
      { Field: 'Contacts.0.TypeId', Message: 'is not one of the allowed values' },
    ]);
    expect(await contactsOf(t, rivalId)).toHaveLength(2);
    expect(await changeLogCount(t)).toBe(logged);
    expect((await read('admin', rivalId)).Version).toBe(current.Version);
  });

  it('keeps a company administrator to their own company on the generic calls', async () => {
    expect((await client.get('companyadmin', `${rows}/${rivalId}`)).statusCode).toBe(404);
    const rival = await read('admin', rivalId);
    const logged = await changeLogCount(t);
    const rename = await put('companyadmin', { ...rival, CompanyName: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    const create = await client.post('companyadmin', rows, {
      Json: { CompanyName: 'Second home' },
    });
    expect(create.statusCode).toBe(403);
    const remove = await client.call('companyadmin', 'DELETE', `${rows}/${rivalId}`);
    expect(remove.statusCode).toBe(403);
    expect((await read('admin', rivalId)).CompanyName).toBe('Rival Paving');
    expect(await changeLogCount(t)).toBe(logged);
  });

  it('moves members only for users the caller manages, never poaching from another company', async () => {
    const [manager, employee, demo] = [
      await userIdOf(t, 'manager'),
      await userIdOf(t, 'employee1'),
      await userIdOf(t, 'demo'),
    ];
    const before = await companiesOf(t, [manager, employee, demo]);
    const own = await read('companyadmin', demoId);
    for (const Id of [manager, demo]) {
      const pull = await put('companyadmin', {
        ...own,
        Users: [{ Id, IsChecked: true }],
      });
      expect(pull.statusCode).toBe(404);
    }
    const byAdmin = await put('admin', {
      ...(await read('admin', rivalId)),
      Users: [{ Id: demo, IsChecked: true }],
    });
    expect(byAdmin.statusCode).toBe(200);
    const poach = await put('companyadmin', {
      ...(await read('companyadmin', demoId)),
      Users: [{ Id: demo, IsChecked: true }],
    });
    expect([403, 404]).toContain(poach.statusCode);
    expect(await companiesOf(t, [manager, employee, demo])).toEqual({
      ...before,
      [demo]: rivalId,
    });
  });

  it('lets a member leave: the user keeps their account, without a company, and the log says so', async () => {
    const employee = await userIdOf(t, 'employee2');
    const company = await read('admin', demoId);
    const leave = await put('admin', {
      ...company,
      Users: [{ Id: employee, IsChecked: false }],
    });
    expect(leave.statusCode).toBe(200);
    expect(leave.json<CompanyAnswer>().UsersNum).toBe(company.UsersNum - 1);
    expect(await companiesOf(t, [employee])).toEqual({ [employee]: null });
    const entries = await t.database.db
      .selectFrom('changeLogs')
      .select('changes')
      .where('entityType', '=', 'Company')
      .where('entityId', '=', String(demoId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entries.changes).toEqual([
      expect.objectContaining({ Field: 'Users', ChangeText: expect.stringContaining('employee2') }),
    ]);
  });
});
