import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserDigest } from '../../server/security/browser-digest';
import { createTestApp, type TestApp } from '../support/test-app';
import { setUsersBelongTo, type UserAnswer, userRowByName } from './people-support';
import { apiClient } from '../support/api-client';

describe('users: refused input', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());
  beforeEach(() => setUsersBelongTo(t, 3));

  it('answers UsernameAlreadyExists for a taken name in any case, and stores nothing', async () => {
    const before = await t.database.db.selectFrom('users').select('id').execute();
    const res = await client.post('admin', '/api/users/SaveUser', {
      Name: 'EMPLOYEE1',
      Email: 'other@demo.asphalt.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(
      before.length,
    );
    const manager = (await userRowByName(t, 'manager'))!;
    const rename = await client.post('admin', '/api/users/SaveUser', {
      Id: manager.id,
      Name: 'Demo',
      Version: manager.version,
    });
    expect(rename.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
    expect(await userRowByName(t, 'manager')).toEqual(manager);
  });

  it('answers UserPasswordInvalid for a password that is not a digest or is the user name', async () => {
    for (const Password of [
      'Demo-2026!',
      'abc',
      browserDigest('tester'),
      browserDigest('TESTER'),
    ]) {
      const res = await client.post('admin', '/api/users/SaveUser', { Name: 'Tester', Password });
      expect(res.json(), Password).toEqual({ Succeeded: false, UserPasswordInvalid: true });
    }
    expect(await userRowByName(t, 'Tester')).toBeUndefined();
  });

  it('refuses bad input with the field at fault, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Name: '' }, 'Name'],
      [{ Name: '   ' }, 'Name'],
      [{}, 'Name'],
      [{ Name: 'x', Email: 'not-an-email' }, 'Email'],
      [{ Name: 'x', Language: 'xx-none' }, 'Language'],
      [{ Name: 'x', Roles: [{ Id: 'one', IsChecked: true }] }, 'Roles.0.Id'],
      [{ Name: 'x', Roles: [{ Id: 99999, IsChecked: true }] }, 'Roles'],
      [{ Name: 'x', Groups: [{ Id: 99999, IsChecked: true }] }, 'Groups'],
      [{ Name: 'x', Company: { Id: 99999 } }, 'Company'],
      [{ Name: 'x', Version: -1 }, 'Version'],
    ];
    for (const [payload, field] of cases) {
      const res = await client.post('admin', '/api/users/SaveUser', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().Errors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ Field: field }),
      );
    }
    expect(await userRowByName(t, 'x')).toBeUndefined();
  });

  it('pages and sorts the OData list and names any option it does not support', async () => {
    const page = await client.get(
      'admin',
      '/odata/UsersOData?$top=2&$skip=1&$orderby=Name desc&$count=true',
    );
    expect(page.statusCode).toBe(200);
    const body = page.json<{ '@odata.count': number; value: UserAnswer[] }>();
    const names = (await t.database.db.selectFrom('users').select('name').execute())
      .map((u) => u.name)
      .sort()
      .reverse();
    expect(body['@odata.count']).toBe(names.length);
    expect(body.value.map((u) => u.Name)).toEqual(names.slice(1, 3));
    const byCompany = await client.get('admin', '/odata/UsersOData?$orderby=CompanyName,FullName');
    expect(byCompany.statusCode).toBe(200);
    for (const [query, field] of [
      ['$filter=Name eq 1', '$filter'],
      ['$orderby=Password', '$orderby'],
      ['$orderby=Name;drop table users', '$orderby'],
      ['$top=-1', '$top'],
      ['$skip=x', '$skip'],
      ['$count=maybe', '$count'],
      ['$top=1&$top=2', '$top'],
      ['name=admin', 'name'],
    ]) {
      const res = await client.get('admin', `/odata/UsersOData?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().Errors, query).toEqual([{ Field: field, Message: expect.any(String) }]);
    }
    const tooMany = await client.get('admin', '/odata/UsersOData?$top=100000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().Message).toMatch(/\$top: may be at most 1000/);
  });
});
