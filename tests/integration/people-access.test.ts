import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { userIdOf } from './people-support';
import { apiClient } from '../support/api-client';

type Method = 'GET' | 'POST' | 'PUT';

/** Every administration call for people, each with a payload good enough to pass validation. */
const adminCalls: [Method, string, unknown?][] = [
  ['GET', '/api/users/GetAllUsers'],
  ['GET', '/odata/UsersOData'],
  ['GET', '/api/users/GetUserById/{id}'],
  ['GET', '/api/users/DeleteUser/{id}'],
  ['POST', '/api/users/SaveUser', { Name: 'intruder', Roles: [{ Id: 1, IsChecked: true }] }],
  ['POST', '/api/users/AssignUsersToRole', { RoleId: 1, UserIds: [1] }],
  ['POST', '/api/users/AssignUsersToGroup', { GroupId: 1, UserIds: [1] }],
  ['GET', '/api/roles/GetAllRoles'],
  ['GET', '/odata/RolesOData'],
  ['GET', '/api/roles/GetFullListOfRoles'],
  ['GET', '/api/roles/GetRoleById/{id}'],
  ['GET', '/api/roles/GetRolePermissions'],
  ['GET', '/api/roles/GetRolesByUserId/{id}'],
  ['GET', '/api/roles/DeleteRole/{id}'],
  ['POST', '/api/Roles/SaveRole', { Name: 'Intruders' }],
  ['GET', '/api/roles/GetDeledatedRoles'],
  ['GET', '/api/roles/GetDeledatedRoles/{id}'],
  ['GET', '/api/roles/GetDelegatedRoles'],
  ['GET', '/api/roles/GetDelegatedRoles/{id}'],
  ['GET', '/api/roles/GetDelegatedRolesByUserId/{id}'],
  ['PUT', '/api/Roles/UpdateDelegatedRoles/{id}', [{ Id: 1, IsChecked: true }]],
  ['GET', '/api/groups/GetAllGroups'],
  ['GET', '/odata/GroupsOData'],
  ['GET', '/api/groups/GetGroupById/{id}'],
  ['GET', '/api/groups/DeleteGroup/{id}'],
  ['POST', '/api/groups/SaveGroup', { Name: 'Intruders' }],
  ['GET', '/api/companies/GetAllCompanies'],
  ['GET', '/odata/CompaniesOData'],
  ['GET', '/api/companies/GetCompanyById/{id}'],
  ['GET', '/api/companies/DeleteCompany/{id}'],
  ['POST', '/api/companies/SaveCompany', { CompanyName: 'Intruders Ltd' }],
  ['POST', '/api/companies/users', { CompanyId: 1, UserIds: [1] }],
  ['GET', '/api/company'],
  ['POST', '/api/company', { CompanyName: 'Intruders Ltd' }],
  ['GET', '/api/permissions/GetAllPermissions'],
  ['GET', '/odata/PermissionsOData'],
  ['GET', '/api/permissions/GetPermissionById/{id}'],
  ['GET', '/api/permissions/DeletePermission/{id}'],
  ['GET', '/api/permissions/GetRoutePermissions'],
  ['POST', '/api/permissions/SavePermission', { Code: 'Intrude', Name: 'Intrude' }],
];

/** Calls every signed-in user may make, some only about themselves. */
const userCalls: [Method, string][] = [
  ['GET', '/api/users/GetCurrentUserId'],
  ['GET', '/api/users/GetDefaultAdminLanguage'],
  ['GET', '/api/Users/GetUserSettings/{id}'],
];
const publicCalls: [Method, string][] = [['GET', '/api/companies/Contacts']];

/** Calls under the same paths that belong to the account features (account-*.test.ts). */
const accountCalls =
  /\/(GetCurrentUser|GetUserByTicket\/.*|RegistrationOptions|ChangePassword|RecoverPassword|RegisterUser|ConfirmEmail|UpdateUser|ResetRegisterTicket|SendPasswordResetByAdmin|RegisterCompany)$/i;

const isPeoplePath = (path: string) =>
  /^\/(api\/(users|roles|groups|companies|company|permissions)\b|odata\/(Users|Roles|Groups|Companies|Permissions)OData$)/i.test(
    path,
  ) && !accountCalls.test(path);

describe('access to the people calls', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let adminId: number;
  let employeeId: number;
  const counts = async () => ({
    users: (await t.database.db.selectFrom('users').select('id').execute()).length,
    roles: (await t.database.db.selectFrom('roles').select('id').execute()).length,
    userRoles: (await t.database.db.selectFrom('userRoles').selectAll().execute()).length,
    userGroups: (await t.database.db.selectFrom('userGroups').selectAll().execute()).length,
    groups: (await t.database.db.selectFrom('groups').select('id').execute()).length,
    companies: (await t.database.db.selectFrom('companies').select('id').execute()).length,
    permissions: (await t.database.db.selectFrom('permissions').select('id').execute()).length,
  });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    adminId = await userIdOf(t, 'admin');
    employeeId = await userIdOf(t, 'employee1');
  });
  afterAll(() => t.close());

  it('lists every people route of the server in these tests', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const served = Object.entries(doc.paths)
      .filter(([path]) => isPeoplePath(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const tested = [...adminCalls, ...userCalls, ...publicCalls].map(([m, p]) => `${m} ${p}`);
    expect(served.sort()).toEqual(tested.sort());
  });

  it('answers 401 to anonymous callers and 403 to employee1 on every admin call', async () => {
    const before = await counts();
    for (const [method, path, payload] of adminCalls) {
      const url = path.replace('{id}', String(adminId));
      const anonymous = await client.call(null, method, url, payload);
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      expect(anonymous.json()).toEqual({ Message: expect.any(String) });
      const employee = await client.call('employee1', method, url, payload);
      expect(employee.statusCode, `${method} ${url} employee1`).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('lets any signed-in user ask about themselves, and nobody anonymous', async () => {
    for (const [method, path] of userCalls) {
      const url = path.replace('{id}', String(employeeId));
      expect((await client.call(null, method, url)).statusCode, url).toBe(401);
      expect((await client.call('employee1', method, url)).statusCode, url).toBe(200);
    }
    expect((await client.get('employee1', '/api/users/GetCurrentUserId')).json()).toBe(employeeId);
    expect((await client.get('employee1', '/api/users/GetDefaultAdminLanguage')).json()).toBe(
      'en-gb',
    );
    const own = await client.get('employee1', `/api/Users/GetUserSettings/${employeeId}`);
    expect(own.json()).toEqual({
      UserId: employeeId,
      Language: 'en-gb',
      LastUpdated: expect.any(Number),
    });
    const other = await client.get('employee1', `/api/Users/GetUserSettings/${adminId}`);
    expect(other.statusCode).toBe(403);
    const byAdmin = await client.get('admin', `/api/Users/GetUserSettings/${employeeId}`);
    expect(byAdmin.json()).toMatchObject({ UserId: employeeId });
  });

  it('serves the company contact types to everybody, for company registration', async () => {
    const res = await client.get(null, '/api/companies/Contacts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ Id: 1, Name: 'Main office' });
  });

  it('refuses a delete that arrives as a navigation from another site', async () => {
    const roleId = (
      await client.post('admin', '/api/Roles/SaveRole', { Name: 'Short-lived' })
    ).json<{ Id: number }>().Id;
    const cookie = await signIn(t.app, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/roles/DeleteRole/${roleId}`,
      headers: {
        cookie,
        'sec-fetch-mode': 'navigate',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(res.statusCode).toBe(403);
    const still = await t.database.db
      .selectFrom('roles')
      .select('id')
      .where('id', '=', roleId)
      .executeTakeFirst();
    expect(still).toBeDefined();
  });
});
