import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyEntity,
  type GridPage,
  groupEntity,
  type MenuItem,
  type RouteDefinition,
  userEntity,
} from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { setUsersBelongTo, type UserAnswer, userIdOf } from './people-support';

/**
 * `GroupsAndCompanies.UsersBelongTo` (None 0, Groups 1, Companies 2, Both 3) opens and closes
 * the company and group features: their calls answer 404 saying they are not in use and
 * change nothing, the menu leaves their items out, the routes list marks their screens
 * closed, and the users' lists and page leave out their fields; switching back restores all.
 */

type Call = readonly [user: string | null, method: 'GET' | 'POST', url: string, body?: unknown];

const companiesOff = 'Companies are not in use in this installation.';
const groupsOff = 'Groups are not in use in this installation.';

let t: TestApp;
let client: ApiClient;
let companyId: number;
let groupId: number;
let employeeId: number;

const send = ([user, method, url, body]: Call): Promise<LightMyRequestResponse> =>
  method === 'GET' ? client.get(user, url) : client.post(user, url, body);

/** The company calls that read, by a ManageCompanies caller, the own company by its admin. */
const companyReads = (): Call[] => [
  ['admin', 'GET', '/api/companies/GetAllCompanies'],
  ['admin', 'GET', '/odata/CompaniesOData'],
  ['admin', 'GET', `/api/companies/GetCompanyById/${companyId}`],
  [null, 'GET', '/api/companies/Contacts'],
  ['companyadmin', 'GET', '/api/company'],
  ['admin', 'GET', `/api/grids/${companyEntity.id}`],
  ['admin', 'GET', `/api/grids/${companyEntity.id}/data`],
];

const companyWrites = (): Call[] => [
  ['admin', 'POST', '/api/companies/SaveCompany', { CompanyName: 'Closed Paving' }],
  ['admin', 'POST', '/api/companies/users', { CompanyId: companyId, UserIds: [employeeId] }],
  ['admin', 'GET', `/api/companies/DeleteCompany/${companyId}`],
  ['companyadmin', 'POST', '/api/company', { CompanyName: 'Renamed while closed' }],
];

const groupReads = (): Call[] => [
  ['admin', 'GET', '/api/groups/GetAllGroups'],
  ['admin', 'GET', '/odata/GroupsOData'],
  ['admin', 'GET', `/api/groups/GetGroupById/${groupId}`],
  ['admin', 'GET', `/api/grids/${groupEntity.id}`],
  ['admin', 'GET', `/api/grids/${groupEntity.id}/data`],
];

const groupWrites = (): Call[] => [
  ['admin', 'POST', '/api/groups/SaveGroup', { Name: 'Closed crews' }],
  ['admin', 'POST', '/api/users/AssignUsersToGroup', { GroupId: groupId, UserIds: [employeeId] }],
  ['admin', 'GET', `/api/groups/DeleteGroup/${groupId}`],
];

/** What the company and group features hold, to show that a closed call changed nothing. */
async function held() {
  const { db } = t.database;
  return {
    companies: await db.selectFrom('companies').selectAll().orderBy('id').execute(),
    groups: await db.selectFrom('groups').selectAll().orderBy('id').execute(),
    members: await db.selectFrom('userGroups').selectAll().orderBy('userId').execute(),
    users: await db.selectFrom('users').select(['id', 'companyId']).orderBy('id').execute(),
  };
}

async function expectClosed(calls: Call[], message: string) {
  for (const call of calls) {
    const res = await send(call);
    expect(res.statusCode, `${call[1]} ${call[2]}: ${res.body}`).toBe(404);
    expect(res.json<{ Message: string }>().Message).toBe(message);
  }
}

async function expectOpen(calls: Call[]) {
  for (const call of calls) {
    const res = await send(call);
    expect(res.statusCode, `${call[1]} ${call[2]}: ${res.body}`).toBe(200);
  }
}

async function adminMenuNames(): Promise<string[]> {
  const res = await client.get('admin', '/api/menu/GetMenu?language=en-gb');
  expect(res.statusCode).toBe(200);
  return res.json<MenuItem[]>().map((item) => item.Name);
}

async function closedRoutes(): Promise<Record<string, string>> {
  const routes = (await client.get(null, '/api/routes')).json<RouteDefinition[]>();
  return Object.fromEntries(
    routes.flatMap((route) => (route.Closed ? [[route.name, route.Closed]] : [])),
  );
}

async function usersAsListed() {
  const answers = await Promise.all([
    client.get('admin', '/api/users/GetAllUsers'),
    client.get('admin', `/api/users/GetUserById/${employeeId}`),
    client.get('admin', `/api/grids/${userEntity.id}`),
  ]);
  for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  const [all, one, page] = answers;
  return {
    listed: Object.keys(all!.json<UserAnswer[]>()[0] ?? {}),
    editor: Object.keys(one!.json<UserAnswer>()),
    columns: page!.json<GridPage>().Columns.map((column) => column.Field),
  };
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  await setUsersBelongTo(t, 3);
  const own = await t.database.db
    .selectFrom('users')
    .select('companyId')
    .where('name', '=', 'companyadmin')
    .executeTakeFirstOrThrow();
  companyId = own.companyId!;
  const group = await t.database.db
    .selectFrom('groups')
    .select('id')
    .where('name', '=', 'North crews')
    .executeTakeFirstOrThrow();
  groupId = group.id;
  employeeId = await userIdOf(t, 'employee1');
});
afterAll(() => t.close());

describe.each([
  { value: 0, groups: false, companies: false },
  { value: 1, groups: true, companies: false },
  { value: 2, groups: false, companies: true },
  { value: 3, groups: true, companies: true },
] as const)('UsersBelongTo $value', ({ value, groups, companies }) => {
  beforeAll(() => setUsersBelongTo(t, value));

  it(`${companies ? 'opens' : 'closes'} the company calls, changing nothing while closed`, async () => {
    if (companies) return expectOpen(companyReads());
    const before = await held();
    await expectClosed([...companyReads(), ...companyWrites()], companiesOff);
    expect(await held()).toEqual(before);
    // The caller's permission is still asked first: a stranger learns nothing of the setting.
    expect((await client.get(null, '/api/companies/GetAllCompanies')).statusCode).toBe(401);
    expect((await client.get('employee1', '/api/companies/GetAllCompanies')).statusCode).toBe(403);
  });

  it(`${groups ? 'opens' : 'closes'} the group calls, changing nothing while closed`, async () => {
    if (groups) return expectOpen(groupReads());
    const before = await held();
    await expectClosed([...groupReads(), ...groupWrites()], groupsOff);
    expect(await held()).toEqual(before);
  });

  it('shows the menu items and screens of what is in use only', async () => {
    const names = await adminMenuNames();
    expect(names.includes('Companies')).toBe(companies);
    expect(names.includes('Groups')).toBe(groups);
    expect(names).toEqual(expect.arrayContaining(['Administration', 'Users', 'Roles']));
    expect(await closedRoutes()).toEqual({
      ...(companies ? {} : { CompaniesGrid: companiesOff, CompaniesDetail: companiesOff }),
      ...(groups ? {} : { GroupsGrid: groupsOff, GroupsDetail: groupsOff }),
    });
  });

  it('answers the users with the group and company fields in use only', async () => {
    const { listed, editor, columns } = await usersAsListed();
    for (const fields of [listed, editor]) {
      expect(fields.includes('Groups')).toBe(groups);
      expect(fields.includes('Company')).toBe(companies);
    }
    expect(columns.includes('Groups')).toBe(groups);
    expect(columns.includes('CompanyName')).toBe(companies);
  });
});

describe('switching the setting back on', () => {
  it('restores the companies, groups and memberships as they were', async () => {
    await setUsersBelongTo(t, 3);
    const before = await held();
    const companyNames = (await client.get('admin', '/api/companies/GetAllCompanies')).json();
    const groupNames = (await client.get('admin', '/api/groups/GetAllGroups')).json();
    const employee = (
      await client.get('admin', `/api/users/GetUserById/${employeeId}`)
    ).json<UserAnswer>();

    await setUsersBelongTo(t, 0);
    expect((await client.get('admin', '/api/companies/GetAllCompanies')).statusCode).toBe(404);
    // A user saved while both are off keeps their company and groups.
    const row = await t.database.db
      .selectFrom('users')
      .select(['name', 'version'])
      .where('id', '=', employeeId)
      .executeTakeFirstOrThrow();
    const saved = await client.post('admin', '/api/users/SaveUser', {
      Id: employeeId,
      Name: row.name,
      Version: row.version,
      FirstName: 'Kept',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    await setUsersBelongTo(t, 3);
    expect((await client.get('admin', '/api/companies/GetAllCompanies')).json()).toEqual(
      companyNames,
    );
    expect((await client.get('admin', '/api/groups/GetAllGroups')).json()).toEqual(groupNames);
    const after = (
      await client.get('admin', `/api/users/GetUserById/${employeeId}`)
    ).json<UserAnswer>();
    expect(after.Company).toEqual(employee.Company);
    expect(after.Groups).toEqual(employee.Groups);
    const now = await held();
    expect(now.companies).toEqual(before.companies);
    expect(now.members).toEqual(before.members);
    expect(now.users).toEqual(before.users);
    expect(await adminMenuNames()).toEqual(expect.arrayContaining(['Companies', 'Groups']));
    expect(await closedRoutes()).toEqual({});
  });
});
