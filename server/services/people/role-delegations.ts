import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findUser } from '../../repositories/people-users';
import {
  findRole,
  findRolesByIds,
  listDelegations,
  listRoles,
  listRolesOfUsers,
  replaceDelegations,
} from '../../repositories/roles';
import { type Caller, callerMay } from './caller';
import { logPeopleChange } from './change-log';
import { roleSnapshot } from './log-snapshots';
import { applyChecks, changedIds, type CheckedInput, unknownIdsError } from './membership-rules';
import { assertHoldsRolePermissions } from './user-access';

type Db = Kysely<Database>;

async function requireRole(db: Db, id: number) {
  const role = await findRole(db, id);
  if (!role) throw new AppError('NotFound', 'The role does not exist.');
  return role;
}

/** Every other role, checked when `roleId` delegates it. */
export async function delegatedRolesOf(db: Db, roleId: number) {
  await requireRole(db, roleId);
  const delegated = new Set((await listDelegations(db, [roleId])).map((d) => d.delegatedRoleId));
  return (await listRoles(db))
    .filter((r) => r.id !== roleId)
    .map((r) => ({ Id: r.id, Name: r.name, IsAdmin: r.isAdmin, IsChecked: delegated.has(r.id) }));
}

/** Every role with the roles it delegates. */
export async function delegationOverview(db: Db) {
  const roles = await listRoles(db);
  const delegations = await listDelegations(db);
  return roles.map((role) => ({
    Id: role.id,
    Name: role.name,
    IsAdmin: role.isAdmin,
    DelegatedRoles: roles
      .filter((r) => delegations.some((d) => d.roleId === role.id && d.delegatedRoleId === r.id))
      .map((r) => ({ Id: r.id, Name: r.name })),
  }));
}

/** `PUT api/Roles/UpdateDelegatedRoles/{id}`: applies the posted checkbox list. */
export async function updateDelegatedRoles(
  db: Db,
  caller: Caller,
  roleId: number,
  checks: CheckedInput[],
) {
  await requireRole(db, roleId);
  if (checks.some((c) => c.Id === roleId && c.IsChecked)) {
    const message = 'A role cannot delegate itself.';
    throw new AppError('BadRequest', message, [{ Field: 'Id', Message: message }]);
  }
  const current = new Set((await listDelegations(db, [roleId])).map((d) => d.delegatedRoleId));
  const next = applyChecks(current, checks);
  const changed = changedIds(current, next);
  const known = new Set((await findRolesByIds(db, changed)).map((r) => r.id));
  const missing = changed.filter((id) => !known.has(id));
  if (missing.length > 0) throw unknownIdsError('Id', 'Role', missing);
  await assertHoldsRolePermissions(
    db,
    caller,
    changed.filter((id) => next.has(id)),
  );
  if (changed.length > 0) {
    await db.transaction().execute(async (trx) => {
      const before = await roleSnapshot(trx, roleId);
      await replaceDelegations(trx, roleId, [...next]);
      await logPeopleChange(trx, caller, 'Role', roleId, before, await roleSnapshot(trx, roleId));
    });
  }
  return delegatedRolesOf(db, roleId);
}

/** The roles a user may hand on: those delegated by any of their roles. */
export async function delegatedRolesOfUser(db: Db, userId: number) {
  if (!(await findUser(db, userId))) throw new AppError('NotFound', 'The user does not exist.');
  const held = (await listRolesOfUsers(db, [userId])).map((r) => r.id);
  const delegated = new Set((await listDelegations(db, held)).map((d) => d.delegatedRoleId));
  return (await listRoles(db))
    .filter((r) => delegated.has(r.id))
    .map((r) => ({ Id: r.id, Name: r.name, IsAdmin: r.isAdmin }));
}

/**
 * The roles a caller may give or take away: any role (null) for administrators and holders
 * of ManageRoles; otherwise (AssignUsersToRoles) only those delegated to the caller's roles.
 */
export async function rolesCallerMayAssign(db: Db, caller: Caller): Promise<Set<number> | null> {
  if (caller.isAdmin || callerMay(caller, 'ManageRoles')) return null;
  const held = (await listRolesOfUsers(db, [caller.id])).map((r) => r.id);
  return new Set((await listDelegations(db, held)).map((d) => d.delegatedRoleId));
}
