import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import { findUser } from '../repositories/people-users';
import { listDelegations, listRoles, listRolesOfUsers } from '../repositories/roles';
import { type Caller, callerMay } from './caller';

type Db = Kysely<Database>;

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
