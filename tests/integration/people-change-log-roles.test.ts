import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPermissions } from '#metadata';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  changeLogCount,
  changeLogsOf,
  type CompanyAnswer,
  idsOf,
  type RoleAnswer,
} from './people-support';
import { apiClient } from '../support/api-client';

const permission = (code: string) => systemPermissions.find((p) => p.Code === code)!;

describe('change log: roles, groups, companies and permissions', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;
  const admin = { userName: 'admin' };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    ids = await idsOf(t, ['admin', 'demo', 'manager'], ['Staff', 'Manager']);
  });
  afterAll(() => t.close());

  it('logs a role created, edited, given delegated roles and deleted', async () => {
    const view = permission('ViewDeliveries');
    const created = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Planners',
      Permissions: [{ Id: view.Id, IsChecked: true }],
    });
    const role = created.json<RoleAnswer>();
    const edited = await client.post('admin', '/api/Roles/SaveRole', {
      ...role,
      Name: 'Planning',
      Permissions: [{ Id: permission('ExportDeliveries').Id, IsChecked: true }],
    });
    expect(edited.statusCode).toBe(200);
    const count = await changeLogCount(t);
    const unchanged = await client.post('admin', '/api/Roles/SaveRole', edited.json<RoleAnswer>());
    expect(unchanged.statusCode).toBe(200);
    expect(await changeLogCount(t)).toBe(count);
    const delegated = await client.put('admin', `/api/Roles/UpdateDelegatedRoles/${role.Id}`, [
      { Id: ids.Staff, IsChecked: true },
    ]);
    expect(delegated.statusCode).toBe(200);
    await client.post('admin', '/api/users/AssignUsersToRole', {
      RoleId: role.Id,
      UserIds: [ids.demo],
    });
    expect((await client.get('admin', `/api/roles/DeleteRole/${role.Id}`)).statusCode).toBe(204);

    const logs = await changeLogsOf(t, 'Role', role.Id);
    expect(logs.map((l) => l.actionType)).toEqual([0, 1, 1, 1, 2]);
    expect(logs.every((l) => l.userName === 'admin' && l.userId === ids.admin)).toBe(true);
    expect(logs[0]!.changes).toEqual([
      { Field: 'Name', OldValue: null, NewValue: 'Planners', ChangeText: 'Name: Planners' },
      { Field: 'IsAdmin', OldValue: null, NewValue: false, ChangeText: 'IsAdmin: false' },
      {
        Field: 'IsParameterised',
        OldValue: null,
        NewValue: false,
        ChangeText: 'IsParameterised: false',
      },
      {
        Field: 'Permissions',
        OldValue: null,
        NewValue: [view.Name],
        ChangeText: `Permissions: ${view.Name}`,
      },
    ]);
    expect(logs[1]!.changes).toEqual([
      {
        Field: 'Name',
        OldValue: 'Planners',
        NewValue: 'Planning',
        ChangeText: 'Name: Planners → Planning',
      },
      {
        Field: 'Permissions',
        OldValue: [view.Name],
        NewValue: [view.Name, 'Export deliveries'],
        ChangeText: `Permissions: ${view.Name} → ${view.Name}, Export deliveries`,
      },
    ]);
    expect(logs[2]!.changes).toEqual([
      {
        Field: 'DelegatedRoles',
        OldValue: [],
        NewValue: ['Staff'],
        ChangeText: expect.any(String),
      },
    ]);
    expect(logs[3]!.changes).toEqual([
      { Field: 'Users', OldValue: [], NewValue: ['demo'], ChangeText: expect.any(String) },
    ]);
    expect(logs[4]!.changes).toEqual(
      expect.arrayContaining([
        { Field: 'Name', OldValue: 'Planning', NewValue: null, ChangeText: 'Name: Planning' },
        { Field: 'Users', OldValue: ['demo'], NewValue: null, ChangeText: 'Users: demo' },
      ]),
    );
  });

  it('logs groups saved, with their members, and deleted', async () => {
    const created = await client.post('admin', '/api/groups/SaveGroup', {
      Name: 'Weekend crew',
      Users: [{ Id: ids.demo, IsChecked: true }],
    });
    const group = created.json<{ Id: number; Version: number }>();
    await client.post('admin', '/api/groups/SaveGroup', {
      ...group,
      Name: 'Weekend crew',
      Users: [
        { Id: ids.demo, IsChecked: false },
        { Id: ids.manager, IsChecked: true },
      ],
    });
    expect((await client.get('admin', `/api/groups/DeleteGroup/${group.Id}`)).statusCode).toBe(204);
    const logs = await changeLogsOf(t, 'Group', group.Id);
    expect(logs.map((l) => [l.actionType, l.userName])).toEqual([
      [0, 'admin'],
      [1, 'admin'],
      [2, 'admin'],
    ]);
    expect(logs[0]!.changes).toContainEqual({
      Field: 'Users',
      OldValue: null,
      NewValue: ['demo'],
      ChangeText: 'Users: demo',
    });
    expect(logs[1]!.changes).toEqual([
      {
        Field: 'Users',
        OldValue: ['demo'],
        NewValue: ['manager'],
        ChangeText: 'Users: demo → manager',
      },
    ]);
    expect(logs[2]!.changes).toContainEqual({
      Field: 'Users',
      OldValue: ['manager'],
      NewValue: null,
      ChangeText: 'Users: manager',
    });
  });

  it('logs companies saved, given users and deleted', async () => {
    const created = await client.post('admin', '/api/companies/SaveCompany', {
      CompanyName: 'Logged Ltd',
      Contacts: [{ TypeId: 1, Name: 'Desk' }],
    });
    const company = created.json<CompanyAnswer>();
    await client.post('admin', '/api/companies/SaveCompany', {
      ...company,
      CompanyName: 'Logged plc',
    });
    await client.post('admin', '/api/companies/users', {
      CompanyId: company.Id,
      UserIds: [ids.manager],
    });
    expect(
      (await client.get('admin', `/api/companies/DeleteCompany/${company.Id}`)).statusCode,
    ).toBe(204);
    const logs = await changeLogsOf(t, 'Company', company.Id);
    expect(logs.map((l) => l.actionType)).toEqual([0, 1, 1, 2]);
    expect(logs.every((l) => l.userName === admin.userName)).toBe(true);
    expect(logs[0]!.changes).toContainEqual({
      Field: 'Contacts',
      OldValue: null,
      NewValue: [{ TypeId: 1, Name: 'Desk', Email: '', Phone: '' }],
      ChangeText: 'Contacts: Desk',
    });
    expect(logs[1]!.changes).toEqual([
      {
        Field: 'CompanyName',
        OldValue: 'Logged Ltd',
        NewValue: 'Logged plc',
        ChangeText: 'CompanyName: Logged Ltd → Logged plc',
      },
    ]);
    expect(logs[2]!.changes).toEqual([
      { Field: 'Users', OldValue: [], NewValue: ['manager'], ChangeText: expect.any(String) },
    ]);
    expect(logs[3]!.changes).toContainEqual({
      Field: 'Users',
      OldValue: ['manager'],
      NewValue: null,
      ChangeText: 'Users: manager',
    });
  });

  it('logs permissions saved and deleted, and nothing for a refused delete', async () => {
    const created = await client.post('admin', '/api/permissions/SavePermission', {
      Code: 'ApproveLoads',
      Name: 'Approve loads',
    });
    const saved = created.json<{ Id: number; Version: number }>();
    await client.post('admin', '/api/permissions/SavePermission', {
      ...saved,
      Code: 'ApproveLoads',
      Name: 'Approve truck loads',
    });
    expect(
      (await client.get('admin', `/api/permissions/DeletePermission/${saved.Id}`)).statusCode,
    ).toBe(204);
    const logs = await changeLogsOf(t, 'Permission', saved.Id);
    expect(logs).toEqual([
      {
        actionType: 0,
        userId: ids.admin,
        userName: 'admin',
        changes: [
          {
            Field: 'Code',
            OldValue: null,
            NewValue: 'ApproveLoads',
            ChangeText: expect.any(String),
          },
          {
            Field: 'Name',
            OldValue: null,
            NewValue: 'Approve loads',
            ChangeText: expect.any(String),
          },
          {
            Field: 'IsParameterised',
            OldValue: null,
            NewValue: false,
            ChangeText: expect.any(String),
          },
        ],
      },
      {
        actionType: 1,
        userId: ids.admin,
        userName: 'admin',
        changes: [
          {
            Field: 'Name',
            OldValue: 'Approve loads',
            NewValue: 'Approve truck loads',
            ChangeText: 'Name: Approve loads → Approve truck loads',
          },
        ],
      },
      {
        actionType: 2,
        userId: ids.admin,
        userName: 'admin',
        changes: expect.arrayContaining([
          {
            Field: 'Code',
            OldValue: 'ApproveLoads',
            NewValue: null,
            ChangeText: expect.any(String),
          },
        ]),
      },
    ]);
    const count = await changeLogCount(t);
    const system = await client.get('admin', '/api/permissions/DeletePermission/1');
    expect(system.statusCode).toBe(409);
    expect(await changeLogCount(t)).toBe(count);
  });
});
