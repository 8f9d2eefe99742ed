import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient } from '../support/api-client';
import { ownStatements } from '../support/captured-statements';

/** Every `odata/*` list of the spec, with a field to sort by and a filter that holds rows. */
const lists = [
  {
    url: '/odata/UsersOData',
    sort: 'Name',
    filter: "Active eq true and Roles/any(r: r/Name eq 'Staff')",
  },
  { url: '/odata/RolesOData', sort: 'Name', filter: "IsAdmin eq false and startswith(Name,'S')" },
  { url: '/odata/GroupsOData', sort: 'Name', filter: "contains(tolower(Name),'crews')" },
  { url: '/odata/PermissionsOData', sort: 'Code', filter: "Id lt 1000 and endswith(Code,'Users')" },
  { url: '/odata/CompaniesOData', sort: 'CompanyName', filter: "CompanyName ne 'Nobody'" },
  { url: '/odata/UnitsOData', sort: 'Code', filter: "Active eq true and startswith(Code,'NTH')" },
  {
    url: '/odata/MaterialsOData',
    sort: 'Code',
    filter: "CanAddEvotherm eq true and contains(Code,'SURF')",
  },
  {
    url: '/odata/ChangeLogsOData',
    sort: 'DateTime',
    filter: `DateTime ge 2020-01-01T00:00:00Z and ActionType eq 0`,
  },
  {
    url: '/odata/GridPagesOData',
    sort: 'PageTitle',
    filter: "IsSystem eq true and PageTitle ne ''",
  },
  { url: '/odata/DataSourcesOData', sort: 'Name', filter: 'IsVirtual eq true' },
];

/** The other list calls: every row the caller reaches, in one answer. */
const listCalls = [
  '/api/users/GetAllUsers',
  '/api/roles/GetAllRoles',
  '/api/groups/GetAllGroups',
  '/api/companies/GetAllCompanies',
  '/api/permissions/GetAllPermissions',
  '/api/changelog/GetAllChangeLogs',
  '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser?$count=true',
];

const hostile: [string, RegExp][] = [
  ['$filter=NoSuchField eq 1', /unknown field 'NoSuchField'/],
  ['$filter=Id eq 1; delete from users --', /\$filter/],
  [`$filter=${'not ('.repeat(60)}Id eq 1${')'.repeat(60)}`, /\$filter/],
  ['$top=1000000', /\$top/],
  ['$orderby=PasswordHash', /\$orderby/],
  ['$skip=-5', /\$skip/],
];

describe('every odata list', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await client.post('admin', '/api/units/SaveUnit', { Code: 'NTH99', Name: 'Logged plant' });
    const company = await client.post('admin', '/api/companies/SaveCompany', {
      CompanyName: 'Second Surfacing Co',
      Contacts: [],
    });
    expect(company.statusCode, company.body).toBe(200);
  });
  afterAll(() => t.close());

  it.each(lists)(
    '$url pages, sorts both ways, filters and counts',
    async ({ url, sort, filter }) => {
      const all = await client.get('admin', `${url}?$count=true&$top=0`);
      expect(all.statusCode).toBe(200);
      const total = all.json<{ '@odata.count': number }>()['@odata.count'];
      expect(total).toBeGreaterThan(1);

      const ask = (options: Record<string, string>) =>
        client.get('admin', `${url}?${new URLSearchParams(options).toString()}`);
      const up = (await ask({ $orderby: `${sort} asc`, $top: '2', $count: 'true' })).json<{
        '@odata.count': number;
        value: Record<string, unknown>[];
      }>();
      const down = (await ask({ $orderby: `${sort} desc`, $top: '2', $skip: '0' })).json<{
        value: Record<string, unknown>[];
      }>();
      expect(up['@odata.count']).toBe(total);
      expect(up.value).toHaveLength(2);
      expect(up.value[0]![sort]).not.toEqual(down.value[0]![sort]);
      const second = (await ask({ $orderby: `${sort} asc`, $top: '1', $skip: '1' })).json<{
        value: Record<string, unknown>[];
      }>();
      expect(second.value[0]).toEqual(up.value[1]);

      const matching = await ask({ $filter: filter, $count: 'true' });
      expect(matching.statusCode, matching.body).toBe(200);
      const found = matching.json<{ '@odata.count': number; value: unknown[] }>();
      expect(found['@odata.count']).toBeGreaterThan(0);
      expect(found['@odata.count']).toBeLessThanOrEqual(total);
      expect(found.value).toHaveLength(found['@odata.count']);
    },
  );

  /** The statements a call sends of its own (see ownStatements), once its caches are warm. */
  const sentBy = async (url: string) => {
    const { answer, own } = await ownStatements(() => client.get('admin', url));
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    return own.map(({ sql }) => sql);
  };

  it.each(lists)(
    '$url sends a page, its collections and its count as one statement',
    async ({ url, sort }) => {
      const page = new URLSearchParams({ $orderby: `${sort} asc`, $top: '20', $count: 'true' });
      expect(await sentBy(`${url}?${page.toString()}`)).toHaveLength(1);
    },
  );

  it.each(listCalls)('%s sends its rows as one statement', async (url) => {
    expect(await sentBy(url)).toHaveLength(1);
  });

  it.each(lists)(
    '$url refuses hostile input with a 400 that names the problem',
    async ({ url }) => {
      for (const [query, message] of hostile) {
        const res = await client.get('admin', `${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.json().Message).toMatch(message);
        expect(res.body).not.toMatch(/select |syntax error|stack/i);
      }
    },
  );

  it('never answers a password hash or a ticket in any list', async () => {
    for (const { url } of lists) {
      const res = await client.get('admin', `${url}?$top=100`);
      expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash|tokenHash|token_hash/i);
    }
  });
});
