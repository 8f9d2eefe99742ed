import { type Expression, type ExpressionBuilder, type Kysely, sql, type SqlBool } from 'kysely';
import { hasPermission } from '#platform/core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import { type Caller, callerMay } from './caller';

type Db = Kysely<Database>;

/**
 * Which users a caller reaches at all:
 * - administrators and holders of ManageCompanies: everyone;
 * - company administrators (CanViewCompany without ManageCompanies): their company's users;
 * - group administrators (ManageGroups without either): the members of their own groups;
 * - anyone else (a plain ManageUsers holder): everyone, within `assertMayManageUser`'s rule.
 */
export type UserScope =
  | { kind: 'all' }
  | { kind: 'company'; companyId: number | null }
  | { kind: 'groups'; userId: number };

export function userScopeOf(caller: Caller): UserScope {
  if (caller.isAdmin || callerMay(caller, 'ManageCompanies')) return { kind: 'all' };
  if (callerMay(caller, 'CanViewCompany')) return { kind: 'company', companyId: caller.companyId };
  if (callerMay(caller, 'ManageGroups')) return { kind: 'groups', userId: caller.id };
  return { kind: 'all' };
}

// The users table is named by the engine's metadata, so the builder is untyped here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UsersBuilder = ExpressionBuilder<any, any>;

/**
 * The scope as a `where` over the `users` table (null: no restriction), used alike by lists,
 * counts, value lists, unique checks, reads and writes.
 *
 * @example const where = usersInScope(userScopeOf(caller)); if (where) query = query.where(where);
 */
export function usersInScope(scope: UserScope): ((eb: UsersBuilder) => Expression<SqlBool>) | null {
  switch (scope.kind) {
    case 'all':
      return null;
    case 'company':
      return (eb) =>
        scope.companyId === null
          ? eb.lit(false)
          : eb(sql.ref('users.company_id'), '=', scope.companyId);
    case 'groups':
      return () => sql<SqlBool>`exists (
        select 1 from user_groups as theirs
        join user_groups as mine on mine.group_id = theirs.group_id
        where theirs.user_id = users.id and mine.user_id = ${scope.userId})`;
  }
}

/** Whether the user `userId` is within the caller's scope. */
export async function isUserInScope(db: Db, caller: Caller, userId: number): Promise<boolean> {
  const where = usersInScope(userScopeOf(caller));
  let query = db
    .withoutPlugins()
    .selectFrom('users')
    .select(sql`1`.as('one'));
  query = query.where(sql.ref('users.id'), '=', userId);
  if (where) query = query.where(where);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface UserPrivileges {
  isAdmin: boolean;
  /** Permission codes the user holds through their roles. */
  permissions: string[];
}

/** What a user holds: whether any of their roles is an admin role, and their permissions. */
export async function privilegesOf(db: Db, userId: number): Promise<UserPrivileges> {
  const { rows } = await sql<{ isAdmin: boolean | null; codes: string[] | null }>`
    select bool_or(r.is_admin) as "isAdmin",
      array(select distinct p.code from user_roles ur2
        join role_permissions rp on rp.role_id = ur2.role_id
        join permissions p on p.id = rp.permission_id
        where ur2.user_id = ${userId}) as codes
    from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${userId}`.execute(db.withoutPlugins());
  const row = rows[0];
  return { isAdmin: Boolean(row?.isAdmin), permissions: row?.codes ?? [] };
}

/** The permissions among `codes` that the caller does not hold (none for administrators). */
export function permissionsNotHeld(caller: Caller, codes: readonly string[]): string[] {
  if (caller.isAdmin) return [];
  return codes.filter((code) => !hasPermission(code, caller.subject));
}

export const userNotFound = () => new AppError('NotFound', 'The user does not exist.');

/**
 * May the caller manage this user (password, e-mail, names, roles, active, deletion)? The
 * user must be within the caller's scope (else it is answered as not existing); only an
 * administrator manages an administrator; and anyone else must hold every permission the user
 * holds, so no one takes over an account more privileged than their own.
 */
export async function assertMayManageUser(db: Db, caller: Caller, userId: number): Promise<void> {
  if (!(await isUserInScope(db, caller, userId))) throw userNotFound();
  if (caller.isAdmin || userId === caller.id) return;
  const target = await privilegesOf(db, userId);
  if (target.isAdmin) {
    throw new AppError('Forbidden', "Only an administrator can change an administrator's account.");
  }
  const missing = permissionsNotHeld(caller, target.permissions);
  if (missing.length > 0) {
    throw new AppError(
      'Forbidden',
      `You can only manage users whose permissions you hold yourself; this user also holds ${missing.join(', ')}.`,
    );
  }
  assertNotPeer(caller, target);
  await assertReachWithin(db, caller, userId, target);
}

/** Permissions that let their holder manage other people. */
const managingPermissions = ['ManageUsers', 'ManageGroups', 'AssignUsersToRoles'];

const managesPeople = (target: UserPrivileges) =>
  target.permissions.some((code) =>
    managingPermissions.some((name) => name.toLowerCase() === code.toLowerCase()),
  );

/**
 * Someone who manages people is managed only by someone holding more than they do (or an
 * administrator): two company administrators cannot take over each other's accounts.
 */
function assertNotPeer(caller: Caller, target: UserPrivileges) {
  if (!managesPeople(target)) return;
  const theirs = new Set(target.permissions.map((code) => code.toLowerCase()));
  const more = caller.subject.permissions.some((code) => !theirs.has(code.toLowerCase()));
  if (more) return;
  throw new AppError(
    'Forbidden',
    'This user manages people with the same permissions as you, so only an administrator can manage them.',
  );
}

/**
 * A group administrator may not take over someone who manages people in groups they are not
 * in themselves: that account's reach would become theirs.
 */
async function assertReachWithin(
  db: Db,
  caller: Caller,
  userId: number,
  target: UserPrivileges,
): Promise<void> {
  const scope = userScopeOf(caller);
  if (scope.kind !== 'groups' || !managesPeople(target)) return;
  const { rows } = await sql<{ groupId: number }>`select theirs.group_id as "groupId"
    from user_groups as theirs where theirs.user_id = ${userId} and not exists (
      select 1 from user_groups as mine
      where mine.group_id = theirs.group_id and mine.user_id = ${caller.id})`.execute(
    db.withoutPlugins(),
  );
  if (rows.length > 0) {
    throw new AppError(
      'Forbidden',
      'This user manages people in groups you are not in, so only an administrator can manage them.',
    );
  }
}

/** `assertMayManageUser` as a yes or no, for calls that must not tell refusals apart. */
export async function mayManageUser(db: Db, caller: Caller, userId: number): Promise<boolean> {
  try {
    await assertMayManageUser(db, caller, userId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * Nobody grants a role holding a permission they do not hold themselves (administrators
 * excepted): refuses, naming the role and the permissions missing.
 */
export async function assertHoldsRolePermissions(
  db: Db,
  caller: Caller,
  roleIds: readonly number[],
): Promise<void> {
  if (caller.isAdmin || roleIds.length === 0) return;
  const { rows } = await sql<{ name: string; codes: string[] }>`
    select r.name, array(select p.code from role_permissions rp
      join permissions p on p.id = rp.permission_id where rp.role_id = r.id) as codes
    from roles r where r.id in (${sql.join(roleIds)}) order by r.name`.execute(db.withoutPlugins());
  for (const role of rows) {
    const missing = permissionsNotHeld(caller, role.codes);
    if (missing.length > 0) {
      throw new AppError(
        'Forbidden',
        `You cannot give the role '${role.name}': it holds ${missing.join(', ')}, which you do not hold.`,
      );
    }
  }
}

/** The groups a caller reaches, as a `where` over `groups`: a group administrator's own. */
export function groupsInScope(
  scope: UserScope,
): ((eb: UsersBuilder) => Expression<SqlBool>) | null {
  if (scope.kind !== 'groups') return null;
  return () => sql<SqlBool>`exists (select 1 from user_groups as mine
    where mine.group_id = groups.id and mine.user_id = ${scope.userId})`;
}

export const groupNotFound = () => new AppError('NotFound', 'The group does not exist.');

/** A group outside a group administrator's own groups is answered as not existing. */
export async function assertGroupInScope(db: Db, caller: Caller, groupId: number): Promise<void> {
  const where = groupsInScope(userScopeOf(caller));
  let query = db
    .withoutPlugins()
    .selectFrom('groups')
    .select(sql`1`.as('one'))
    .where(sql.ref('groups.id'), '=', groupId);
  if (where) query = query.where(where);
  if (!(await query.executeTakeFirst())) throw groupNotFound();
}
