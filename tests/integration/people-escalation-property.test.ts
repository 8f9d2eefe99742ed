import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { roleEntity, userEntity } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { apiClient } from '../support/api-client';
import { postLogin } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Random sequences of administration calls by the non-administrator demo accounts, acting
 * together: afterwards, no account they can sign in to (their own, or one whose password or
 * e-mail address they set) holds a permission that none of them held at the start, nor is an
 * administrator.
 */

const attackers = ['manager', 'groupadmin', 'companyadmin', 'employee1', 'employee2', 'demo'];
const everyone = ['admin', ...attackers];
const roles = ['Administrator', 'Manager', 'Staff', 'Group administrator', 'Company administrator'];
const groups = ['North crews', 'South crews'];
const permissionCodes = [
  'ManageRoles',
  'ManagePermissions',
  'ManageCompanies',
  'ManageUsers',
  'ViewAuditLog',
];
/** The password the attackers set wherever they can. */
const stolen = 'Stolen-2026!';
const evilMail = (name: string) => `${name}@evil.test`;

const actor = fc.constantFrom(...attackers);
const target = fc.constantFrom(...everyone);
const command = fc.oneof(
  fc.record({
    kind: fc.constant('saveUser' as const),
    actor,
    target,
    password: fc.boolean(),
    email: fc.boolean(),
    grant: fc.option(fc.constantFrom(...roles), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('assignRole' as const),
    actor,
    role: fc.constantFrom(...roles),
    targets: fc.subarray(everyone, { minLength: 1 }),
  }),
  fc.record({
    kind: fc.constant('assignGroup' as const),
    actor,
    group: fc.constantFrom(...groups),
    targets: fc.subarray(everyone, { minLength: 1 }),
  }),
  fc.record({
    kind: fc.constant('companyUsers' as const),
    actor,
    targets: fc.subarray(everyone, { minLength: 1 }),
  }),
  fc.record({
    kind: fc.constant('saveRole' as const),
    actor,
    role: fc.constantFrom(...roles),
    permission: fc.constantFrom(...permissionCodes),
  }),
  fc.record({
    kind: fc.constant('delegate' as const),
    actor,
    role: fc.constantFrom(...roles),
    delegated: fc.constantFrom(...roles),
  }),
  fc.record({ kind: fc.constant('genericUser' as const), actor, target }),
  fc.record({ kind: fc.constant('genericRole' as const), actor, role: fc.constantFrom(...roles) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

async function idOf(t: TestApp, table: 'users' | 'roles' | 'groups' | 'permissions', name: string) {
  const column = table === 'permissions' ? 'code' : 'name';
  const { rows } = await sql<{
    id: number;
    version: number;
  }>`select id, version from ${sql.table(table)}
    where ${sql.ref(column)} = ${name}`.execute(t.database.db);
  return rows[0] ?? { id: 0, version: 0 };
}

async function run(t: TestApp, client: ReturnType<typeof apiClient>, c: Command) {
  switch (c.kind) {
    case 'saveUser': {
      const user = await idOf(t, 'users', c.target);
      const role = c.grant ? await idOf(t, 'roles', c.grant) : undefined;
      return client.post(c.actor, '/api/users/SaveUser', {
        Id: user.id,
        Name: c.target,
        Version: user.version,
        ...(c.password ? { Password: browserDigest(stolen) } : {}),
        ...(c.email ? { Email: evilMail(c.target) } : {}),
        ...(role ? { Roles: [{ Id: role.id, IsChecked: true }] } : {}),
      });
    }
    case 'assignRole':
      return client.post(c.actor, '/api/users/AssignUsersToRole', {
        RoleId: (await idOf(t, 'roles', c.role)).id,
        UserIds: await Promise.all(
          c.targets.map(async (name) => (await idOf(t, 'users', name)).id),
        ),
      });
    case 'assignGroup':
      return client.post(c.actor, '/api/users/AssignUsersToGroup', {
        GroupId: (await idOf(t, 'groups', c.group)).id,
        UserIds: await Promise.all(
          c.targets.map(async (name) => (await idOf(t, 'users', name)).id),
        ),
      });
    case 'companyUsers':
      return client.post(c.actor, '/api/companies/users', {
        CompanyId: 1,
        UserIds: await Promise.all(
          c.targets.map(async (name) => (await idOf(t, 'users', name)).id),
        ),
      });
    case 'saveRole': {
      const role = await idOf(t, 'roles', c.role);
      return client.post(c.actor, '/api/Roles/SaveRole', {
        Id: role.id,
        Name: c.role,
        Version: role.version,
        Permissions: [{ Id: (await idOf(t, 'permissions', c.permission)).id, IsChecked: true }],
      });
    }
    case 'delegate':
      return client.put(
        c.actor,
        `/api/Roles/UpdateDelegatedRoles/${(await idOf(t, 'roles', c.role)).id}`,
        [{ Id: (await idOf(t, 'roles', c.delegated)).id, IsChecked: true }],
      );
    case 'genericUser': {
      const user = await idOf(t, 'users', c.target);
      return client.put(c.actor, `/api/dataSources/${userEntity.id}/data`, {
        Id: user.id,
        Json: { Name: c.target, Email: evilMail(c.target), Active: true, Version: user.version },
      });
    }
    case 'genericRole': {
      const role = await idOf(t, 'roles', c.role);
      return client.put(c.actor, `/api/dataSources/${roleEntity.id}/data`, {
        Id: role.id,
        Json: { Name: c.role, IsAdmin: true, Version: role.version },
      });
    }
  }
}

/**
 * What a session of the account would hold (the query sign-in and every request use): its
 * roles' permissions, and whether any role is an administrator role. Read from the database
 * rather than by signing in, since every sign-in spends a slow password hash.
 */
async function holdings(t: TestApp, name: string) {
  const { rows } = await sql<{ isAdmin: boolean | null; codes: string[] | null; active: boolean }>`
    select bool_or(r.is_admin) as "isAdmin", u.active,
      array(select distinct p.code from user_roles ur2
        join role_permissions rp on rp.role_id = ur2.role_id
        join permissions p on p.id = rp.permission_id where ur2.user_id = u.id) as codes
    from users u left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id
    where u.name = ${name} group by u.id`.execute(t.database.db);
  const row = rows[0]!;
  return { isAdmin: Boolean(row.isAdmin), permissions: row.codes ?? [], active: row.active };
}

describe('no sequence of administration calls escalates a non-administrator', () => {
  it('keeps every account the attackers can sign in to within what they held at the start', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 14 }), async (commands) => {
        const t = await createTestApp({ demo: true });
        try {
          const client = apiClient(t);
          const start = new Set<string>();
          for (const name of attackers) {
            for (const p of (await holdings(t, name)).permissions) start.add(p);
          }
          const hashes = async () =>
            new Map(
              (
                await sql<{ name: string; hash: string | null }>`select name,
                  password_hash as hash from users`.execute(t.database.db)
              ).rows.map((r) => [r.name, r.hash]),
            );
          const hashesBefore = await hashes();
          for (const c of commands) {
            const res = await run(t, client, c);
            expect(res.statusCode, `${JSON.stringify(c)} answered ${res.body}`).toBeLessThan(500);
          }
          const hashesAfter = await hashes();
          const { rows } = await sql<{
            name: string;
            email: string;
          }>`select name, email from users`.execute(t.database.db);
          for (const { name, email } of rows) {
            // Attackers reach their own accounts, accounts given their password (only they
            // act, so a changed password is theirs), and accounts whose e-mail they own (a
            // password reset away).
            const reached =
              attackers.includes(name) ||
              hashesAfter.get(name) !== hashesBefore.get(name) ||
              email === evilMail(name);
            if (!reached) continue;
            const held = await holdings(t, name);
            if (!held.active) continue;
            expect(held.isAdmin, `${name} became reachable as an administrator`).toBe(false);
            const gained = held.permissions.filter((p) => !start.has(p));
            expect(gained, `${name} ${JSON.stringify(commands)}`).toEqual([]);
          }
          // The one real sign-in: the password the attackers set works where they set it.
          const changed = [...hashesAfter].find(([n, h]) => h !== hashesBefore.get(n));
          if (changed) {
            const login = await postLogin(t.app, changed[0], { password: stolen });
            expect(login.json()).toMatchObject({ Succeeded: true });
          }
        } finally {
          await t.close();
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 5), endOnFailure: true },
    );
  }, 600_000);
});
