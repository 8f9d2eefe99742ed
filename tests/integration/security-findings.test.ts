import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeLogEntity,
  companyEntity,
  demoPassword,
  roleEntity,
  systemPermissions,
  userEntity,
} from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { companyIdOf, idsOf, setUsersBelongTo, userRowById } from './people-support';

const permissionId = (code: string) => systemPermissions.find((p) => p.Code === code)!.Id;
const rowsOf = (entityId: number) => `/api/dataSources/${entityId}/data`;

/**
 * The findings of the hostile review of issue 11, each tried as the attacker did; every
 * refusal also checks that the database did not change.
 */
describe('security findings: people rules on every path', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  let ids: Record<string, number>;
  let demoCompany: number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const managers = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Role managers',
      Permissions: [
        { Id: permissionId('ManageRoles'), IsChecked: true },
        { Id: permissionId('ViewDeliveries'), IsChecked: true },
      ],
    });
    expect(managers.statusCode).toBe(200);
    await client.post('admin', '/api/users/SaveUser', {
      Name: 'rolemanager',
      Password: browserDigest(demoPassword),
      Roles: [{ Id: managers.json<{ Id: number }>().Id, IsChecked: true }],
    });
    ids = await idsOf(
      t,
      ['admin', 'manager', 'groupadmin', 'companyadmin', 'employee1', 'employee2', 'rolemanager'],
      ['Administrator', 'Role managers', 'Staff'],
    );
    demoCompany = await companyIdOf(t, 'Demo Surfacing Ltd');
  });
  afterAll(() => t.close());

  describe('1. the generic row routes apply the people rules', () => {
    it('lists only the users of a company administrator’s company', async () => {
      const res = await client.get('companyadmin', `${rowsOf(userEntity.id)}?$select=Name`);
      expect(res.statusCode).toBe(200);
      const names = res.json<{ value: { Name: string }[] }>().value.map((u) => u.Name);
      expect(names.sort()).toEqual(['companyadmin', 'employee1', 'employee2']);
      // The same list under another spelling of the entity set.
      const odd = await client.get('companyadmin', '/odata/usersodata?$select=Name');
      expect(odd.json<{ value: unknown[] }>().value).toHaveLength(3);
    });

    it('refuses to change the administrator’s e-mail, and changes nothing', async () => {
      const before = await userRowById(t, ids.admin!);
      for (const attacker of ['companyadmin', 'groupadmin']) {
        const res = await client.put(attacker, rowsOf(userEntity.id), {
          Id: ids.admin,
          Json: { Email: `${attacker}@evil.test`, Version: before.version, Name: 'admin' },
        });
        expect(res.statusCode, attacker).toBe(404);
        expect(res.json()).toEqual({ Message: 'The user does not exist.' });
      }
      expect(await userRowById(t, ids.admin!)).toEqual(before);
    });

    it('refuses to rename, deactivate or delete users of other tenants', async () => {
      const before = await userRowById(t, ids.manager!);
      const rename = await client.put('companyadmin', rowsOf(userEntity.id), {
        Id: ids.manager,
        Json: { Name: 'owned', Active: false, Version: before.version },
      });
      expect(rename.statusCode).toBe(404);
      const remove = await client.call(
        'companyadmin',
        'DELETE',
        `${rowsOf(userEntity.id)}/${ids.manager}`,
      );
      expect(remove.statusCode).toBe(404);
      expect(await userRowById(t, ids.manager!)).toEqual(before);
    });

    it('creates users only inside the creator’s company', async () => {
      const rival = await client.post('admin', '/api/companies/SaveCompany', {
        CompanyName: 'Planted Paving',
      });
      const rivalId = rival.json<{ Id: number }>().Id;
      const plantedRow = () =>
        t.database.db
          .selectFrom('users')
          .select(['id', 'companyId'])
          .where('name', '=', 'planted')
          .executeTakeFirst();
      const own = await t.database.db
        .selectFrom('users')
        .select('companyId')
        .where('name', '=', 'companyadmin')
        .executeTakeFirstOrThrow();
      const plant = () =>
        client.post('companyadmin', rowsOf(userEntity.id), {
          Json: { Name: 'planted', Active: true, CompanyId: rivalId },
        });
      await setUsersBelongTo(t, 2);
      try {
        const outside = await plant();
        expect(outside.statusCode).toBe(403);
        expect(await plantedRow()).toBeUndefined();
      } finally {
        await setUsersBelongTo(t, 0);
      }
      try {
        // While companies are off the company asked for is ignored: the user joins theirs.
        expect((await plant()).statusCode).toBe(200);
        const planted = await plantedRow();
        expect(planted?.companyId).toBe(own.companyId);
        const gone = await client.get('companyadmin', `/api/users/DeleteUser/${planted!.id}`);
        expect(gone.statusCode).toBe(204);
      } finally {
        // Back to the demo's setting: companies and groups (closed while off) are in use.
        await setUsersBelongTo(t, 3);
      }
      await client.get('admin', `/api/companies/DeleteCompany/${rivalId}`);
    });

    it('keeps other companies out of reach', async () => {
      const rival = await client.post('admin', '/api/companies/SaveCompany', {
        CompanyName: 'Rival Paving',
      });
      const rivalId = rival.json<{ Id: number; Version: number }>().Id;
      const version = rival.json<{ Version: number }>().Version;
      const res = await client.put('companyadmin', rowsOf(companyEntity.id), {
        Id: rivalId,
        Json: { CompanyName: 'Taken over', Version: version },
      });
      expect(res.statusCode).toBe(404);
      const names = await client.get('companyadmin', '/api/entities/Companies/values/CompanyName');
      expect(names.json()).toEqual(['Demo Surfacing Ltd']);
      const row = await t.database.db
        .selectFrom('companies')
        .select('companyName')
        .where('id', '=', rivalId)
        .executeTakeFirstOrThrow();
      expect(row.companyName).toBe('Rival Paving');
    });

    it('answers the roles a user may delegate only about reachable users', async () => {
      const viewers = await client.post('admin', '/api/Roles/SaveRole', {
        Name: 'Delegation viewers',
        Permissions: [{ Id: permissionId('ViewDelegatedRoles'), IsChecked: true }],
      });
      await client.post('admin', '/api/users/AssignUsersToRole', {
        RoleId: viewers.json<{ Id: number }>().Id,
        UserIds: [ids.companyadmin],
      });
      const path = '/api/roles/GetDelegatedRolesByUserId';
      expect((await client.get('companyadmin', `${path}/${ids.admin}`)).statusCode).toBe(404);
      expect((await client.get('companyadmin', `${path}/${ids.employee1}`)).statusCode).toBe(200);
    });

    it('answers value lists and unique checks only about reachable users', async () => {
      const emails = await client.get('companyadmin', '/api/entities/Users/values/Email');
      expect(emails.statusCode).toBe(200);
      expect(emails.json<string[]>().sort()).toEqual([
        'companyadmin@demo.asphalt.test',
        'employee1@demo.asphalt.test',
        'employee2@demo.asphalt.test',
      ]);
      const check = { field: 'Email', val: 'admin@demo.asphalt.test' };
      // An address is unique across the installation, so the check answers as a save would:
      // not free, but without confirming an account the caller cannot read (issue 33).
      const scoped = await client.post('companyadmin', '/api/check/IsUniqueEmail', check);
      expect(scoped.json()).toEqual({
        isUnique: false,
        Message: 'This e-mail address cannot be used.',
      });
      const full = await client.post('admin', '/api/check/IsUniqueEmail', check);
      expect(full.json()).toEqual({
        isUnique: false,
        Message: 'Another account already uses this e-mail address.',
      });
    });
  });

  describe('2. a role manager through the generic routes', () => {
    it('cannot make a role an administrator role, nor delete an administrator role', async () => {
      const own = await t.database.db
        .selectFrom('roles')
        .selectAll()
        .where('id', '=', ids['Role managers']!)
        .executeTakeFirstOrThrow();
      const escalate = await client.put('rolemanager', rowsOf(roleEntity.id), {
        Id: own.id,
        Json: { Name: own.name, IsAdmin: true, Version: own.version },
      });
      expect(escalate.statusCode).toBe(400);
      expect(escalate.json().Errors).toEqual([{ Field: 'IsAdmin', Message: expect.any(String) }]);
      const remove = await client.call(
        'rolemanager',
        'DELETE',
        `${rowsOf(roleEntity.id)}/${ids.Administrator}`,
      );
      expect(remove.statusCode).toBe(409);
      const roles = await t.database.db
        .selectFrom('roles')
        .select(['id', 'isAdmin'])
        .where('id', 'in', [own.id, ids.Administrator!])
        .orderBy('id')
        .execute();
      expect(roles.map((r) => r.isAdmin).sort()).toEqual([false, true]);
    });
  });

  describe('3. user managers and more privileged accounts', () => {
    it('refuses a group administrator the password of a manager in their group', async () => {
      await client.post('admin', '/api/users/AssignUsersToGroup', {
        GroupId: (
          await t.database.db
            .selectFrom('groups')
            .select('id')
            .where('name', '=', 'North crews')
            .executeTakeFirstOrThrow()
        ).id,
        UserIds: [ids.manager],
      });
      const before = await userRowById(t, ids.manager!);
      const res = await client.post('groupadmin', '/api/users/SaveUser', {
        Id: ids.manager,
        Name: 'manager',
        Version: before.version,
        Password: browserDigest('taken-over'),
        Email: 'groupadmin+manager@evil.test',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().Message).toContain('ViewAuditLog');
      expect(await userRowById(t, ids.manager!)).toEqual(before);
      // employee1 holds nothing more than the group administrator: still managed.
      const employee = await userRowById(t, ids.employee1!);
      const ok = await client.post('groupadmin', '/api/users/SaveUser', {
        Id: ids.employee1,
        Name: 'employee1',
        Version: employee.version,
        FirstName: 'Eddie',
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('4. company administrators and company-less accounts', () => {
    it('cannot pull the manager or the administrator into their company', async () => {
      for (const target of ['manager', 'admin']) {
        const res = await client.post('companyadmin', '/api/companies/users', {
          CompanyId: demoCompany,
          UserIds: [ids[target]],
        });
        expect(res.statusCode, target).toBe(404);
        expect((await userRowById(t, ids[target]!)).companyId).toBeNull();
      }
    });
  });

  describe('5. a role manager and their own role', () => {
    const permissionsOf = async (roleId: number) =>
      (
        await t.database.db
          .selectFrom('rolePermissions')
          .select('permissionId')
          .where('roleId', '=', roleId)
          .orderBy('permissionId')
          .execute()
      ).map((r) => r.permissionId);

    it('cannot add a permission to a role they hold, nor one they do not hold to another', async () => {
      const own = ids['Role managers']!;
      const before = await permissionsOf(own);
      const role = await client.get('rolemanager', `/api/roles/GetRoleById/${own}`);
      const res = await client.post('rolemanager', '/api/Roles/SaveRole', {
        Id: own,
        Name: 'Role managers',
        Version: role.json<{ Version: number }>().Version,
        Permissions: [{ Id: permissionId('ManagePermissions'), IsChecked: true }],
      });
      expect(res.statusCode).toBe(403);
      expect(await permissionsOf(own)).toEqual(before);

      const staff = ids.Staff!;
      const staffBefore = await permissionsOf(staff);
      const staffRole = await client.get('rolemanager', `/api/roles/GetRoleById/${staff}`);
      const other = await client.post('rolemanager', '/api/Roles/SaveRole', {
        Id: staff,
        Name: 'Staff',
        Version: staffRole.json<{ Version: number }>().Version,
        Permissions: [{ Id: permissionId('ManageUsers'), IsChecked: true }],
      });
      expect(other.statusCode).toBe(403);
      expect(await permissionsOf(staff)).toEqual(staffBefore);
    });
  });

  describe('6. the change log is written by the server only', () => {
    const count = async () =>
      (
        await t.database.db
          .selectFrom('changeLogs')
          .select(sql<number>`cast(count(*) as integer)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;

    it('refuses back-dated rows signed by anyone, and edits and deletes', async () => {
      const before = await count();
      const forged = await client.post('manager', rowsOf(changeLogEntity.id), {
        Json: {
          EntityType: 'User',
          EntityId: String(ids.admin),
          DateTime: '2020-01-01T00:00:00Z',
          UserName: 'admin',
          ActionType: 2,
          Changes: 'not a list',
        },
      });
      expect(forged.statusCode).toBe(403);
      const note = await client.post('manager', '/api/changelog/SaveChangeLog', {
        EntityType: 'User',
        EntityId: ids.admin,
        ActionType: 0,
        GenericLog: 'created by nobody',
      });
      expect(note.statusCode).toBe(400);
      expect(await count()).toBe(before);
      // A note only on a row the writer reads: the manager reads units, not accounts.
      const unreadable = await client.post('manager', '/api/changelog/SaveChangeLog', {
        EntityType: 'User',
        EntityId: ids.admin,
        GenericLog: 'Checked the account',
      });
      expect(unreadable.statusCode).toBe(404);
      expect(await count()).toBe(before);
      const unit = await t.database.db
        .selectFrom('units')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const ok = await client.post('manager', '/api/changelog/SaveChangeLog', {
        EntityType: 'Unit',
        EntityId: unit.id,
        GenericLog: 'Checked the unit',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const last = await t.database.db
        .selectFrom('changeLogs')
        .select(['userName', 'actionType', 'dateTime'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toMatchObject({ userName: 'manager', actionType: 1 });
      expect(Date.now() - last.dateTime.getTime()).toBeLessThan(60_000);
    });

    it('answers every list even when a stored row is damaged', async () => {
      await sql`insert into change_logs (entity_type, entity_id, action_type, user_name, changes)
        values ('User', ${String(ids.admin)}, 1, 'someone', ${JSON.stringify({ bad: true })}::jsonb),
               ('User', ${String(ids.admin)}, 1, 'someone', ${JSON.stringify([1, { x: 2 }, null])}::jsonb)`.execute(
        t.database.db,
      );
      for (const url of [
        '/api/changelog/GetAllChangeLogs',
        `/api/changelog/GetChangeLogs?entityType=User&entityId=${ids.admin}`,
        '/odata/ChangeLogsOData?$top=50',
      ]) {
        const res = await client.get('manager', url);
        expect(res.statusCode, url).toBe(200);
      }
    });
  });

  describe('11. computed names', () => {
    it('finds a user shown as "Jo" by FullName eq \'Jo\'', async () => {
      await client.post('admin', '/api/users/SaveUser', { Name: 'jo', FirstName: 'Jo' });
      const res = await client.get(
        'admin',
        `/odata/UsersOData?$filter=${encodeURIComponent("FullName eq 'Jo'")}&$select=Name,FullName`,
      );
      expect(res.json<{ value: { Name: string; FullName: string }[] }>().value).toEqual([
        expect.objectContaining({ Name: 'jo', FullName: 'Jo' }),
      ]);
      const generic = await client.get(
        'admin',
        `${rowsOf(userEntity.id)}?$filter=${encodeURIComponent("FullName eq 'Jo'")}&$select=FullName`,
      );
      expect(generic.json<{ value: { FullName: string }[] }>().value).toEqual([
        expect.objectContaining({ FullName: 'Jo' }),
      ]);
    });
  });

  describe('second review', () => {
    const outboxToken = async (to: string) => {
      const mail = await t.database.db
        .selectFrom('outbox')
        .select('text')
        .where('to', '=', to)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    };

    it('retires a reset link once the account has left the address it was mailed to', async () => {
      const employee = await userRowById(t, ids.employee2!);
      const moved = await client.put('companyadmin', rowsOf(userEntity.id), {
        Id: ids.employee2,
        Json: { Email: 'attacker@evil.test', Version: employee.version },
      });
      expect(moved.statusCode).toBe(200);
      const sent = await client.post('companyadmin', '/api/users/SendPasswordResetByAdmin', {
        Email: 'attacker@evil.test',
      });
      expect(sent.json()).toEqual({ Sent: 1 });
      const token = await outboxToken('attacker@evil.test');
      const back = await client.put('companyadmin', rowsOf(userEntity.id), {
        Id: ids.employee2,
        Json: { Email: employee.email, Version: employee.version + 1 },
      });
      expect(back.statusCode).toBe(200);
      const before = await userRowById(t, ids.employee2!);
      const redeem = await client.post(null, '/api/users/ResetRegisterTicket/', {
        Ticket: token,
        User: { Password: browserDigest('Attacker-1!') },
      });
      expect(redeem.json()).toMatchObject({ Succeeded: false, InvalidTicket: true });
      expect((await userRowById(t, ids.employee2!)).passwordHash).toBe(before.passwordHash);
    });

    it('retires open links when a manager sets the password', async () => {
      const employee = await userRowById(t, ids.employee1!);
      await client.post('admin', '/api/users/SendPasswordResetByAdmin', {
        Email: employee.email,
      });
      const token = await outboxToken(employee.email);
      const reset = await client.post('admin', '/api/users/SaveUser', {
        Id: ids.employee1,
        Name: 'employee1',
        Version: employee.version,
        Password: browserDigest('Fresh-2026!'),
      });
      expect(reset.json()).toMatchObject({ Succeeded: true });
      const redeem = await client.post(null, '/api/users/ResetRegisterTicket/', {
        Ticket: token,
        User: { Password: browserDigest('Attacker-1!') },
      });
      expect(redeem.json()).toMatchObject({ Succeeded: false, InvalidTicket: true });
    });

    it('answers 400, not 500, to NUL characters and to numbers beyond the database', async () => {
      const failures = () =>
        t.database.db
          .selectFrom('loginFailures')
          .selectAll()
          .where('loginName', '=', 'admin')
          .execute();
      const before = await failures();
      const login = await client.post(null, '/api/auth/login', {
        User: 'admin',
        Pass: browserDigest('wrong'),
        Save: false,
        FingerPrint: '\u0000',
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toHaveProperty('Message');
      expect(await failures()).toEqual(before);
      const search = await client.get('admin', '/api/entities/Users/values/Name?search=%00');
      expect(search.statusCode).toBe(400);
      const unit = await t.database.db
        .selectFrom('units')
        .selectAll()
        .limit(1)
        .executeTakeFirstOrThrow();
      const tooLarge = await client.put('admin', rowsOf(1), {
        Id: unit.id,
        Json: { Code: unit.code, Name: unit.name, Version: 2_147_483_648 },
      });
      expect(tooLarge.statusCode).toBe(400);
      const huge = await client.post('admin', '/api/units/SaveUnit', {
        Id: 9_007_199_254_740_991,
        Code: unit.code,
        Name: unit.name,
        Version: 1,
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().Errors).toEqual([{ Field: 'Id', Message: expect.any(String) }]);
    });

    it('keeps a group administrator from taking over one who manages other groups', async () => {
      const staff = await client.post('admin', '/api/users/SaveUser', {
        Name: 'ga2',
        Password: browserDigest(demoPassword),
        Roles: [
          {
            Id: (
              await t.database.db
                .selectFrom('roles')
                .select('id')
                .where('name', '=', 'Group administrator')
                .executeTakeFirstOrThrow()
            ).id,
            IsChecked: true,
          },
        ],
      });
      const ga2 = staff.json<{ User: { Id: number } }>().User.Id;
      const groups = await t.database.db.selectFrom('groups').select(['id', 'name']).execute();
      for (const group of groups) {
        await client.post('admin', '/api/users/AssignUsersToGroup', {
          GroupId: group.id,
          UserIds: [ga2],
        });
      }
      const before = await userRowById(t, ga2);
      const res = await client.post('groupadmin', '/api/users/SaveUser', {
        Id: ga2,
        Name: 'ga2',
        Version: before.version,
        Password: browserDigest('taken-over'),
      });
      expect(res.statusCode).toBe(403);
      expect(await userRowById(t, ga2)).toEqual(before);
    });

    it('refuses an e-mail that is not one address on the generic row call too', async () => {
      const employee = await userRowById(t, ids.employee2!);
      const res = await client.put('companyadmin', rowsOf(userEntity.id), {
        Id: ids.employee2,
        Json: { Email: 'x@y.z, attacker@evil.test', Version: employee.version },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().Errors).toEqual([{ Field: 'Email', Message: expect.any(String) }]);
      expect(await userRowById(t, ids.employee2!)).toEqual(employee);
    });
  });
});
