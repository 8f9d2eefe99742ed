import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { addUsersToGroup, findGroup, listGroupMembers } from '../../repositories/groups';
import { bumpUserVersions, findExistingUserIds } from '../../repositories/people-users';
import { addUsersToRole, findRole, listRoleMembers } from '../../repositories/roles';
import type { Caller } from './caller';
import { logPeopleChange } from './change-log';
import {
  assertMayChangeRoles,
  assertNoQueryGroupToggled,
  unknownIdsError,
} from './membership-rules';
import { rolesCallerMayAssign } from './role-delegations';
import { assertGroupInScope, assertHoldsRolePermissions, assertMayManageUser } from './user-access';

export async function assertUsersExist(db: Kysely<Database>, userIds: readonly number[]) {
  const found = new Set(await findExistingUserIds(db, userIds));
  const missing = userIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw unknownIdsError('UserIds', 'User', missing);
}

/** The users must exist, and the caller must be allowed to manage each of them. */
async function assertMayAssign(db: Kysely<Database>, caller: Caller, userIds: readonly number[]) {
  await assertUsersExist(db, userIds);
  for (const userId of userIds) await assertMayManageUser(db, caller, userId);
}

/**
 * `POST api/users/AssignUsersToRole`: adds the users to the role, within the rules of who may
 * give which role (see assertMayChangeRoles); answers how many were added.
 */
export async function assignUsersToRole(
  db: Kysely<Database>,
  caller: Caller,
  roleId: number,
  userIds: readonly number[],
): Promise<number> {
  const role = await findRole(db, roleId);
  if (!role) throw new AppError('NotFound', 'The role does not exist.');
  await assertMayAssign(db, caller, userIds);
  const holders = new Set((await listRoleMembers(db, roleId)).map((u) => u.id));
  const assignable = await rolesCallerMayAssign(db, caller);
  for (const userId of userIds.filter((id) => !holders.has(id))) {
    assertMayChangeRoles(caller, userId, [{ ...role, added: true }], assignable);
  }
  await assertHoldsRolePermissions(db, caller, [roleId]);
  return db.transaction().execute(async (trx) => {
    const before = await listRoleMembers(trx, roleId);
    const added = await addUsersToRole(trx, roleId, userIds);
    await bumpUserVersions(trx, added);
    const after = { lists: { Users: await listRoleMembers(trx, roleId) } };
    await logPeopleChange(trx, caller, 'Role', roleId, { lists: { Users: before } }, after);
    return added.length;
  });
}

/** `POST api/users/AssignUsersToGroup`: adds the users to an ordinary (not query) group. */
export async function assignUsersToGroup(
  db: Kysely<Database>,
  caller: Caller,
  groupId: number,
  userIds: readonly number[],
): Promise<number> {
  const group = await findGroup(db, groupId);
  if (!group) throw new AppError('NotFound', 'The group does not exist.');
  await assertGroupInScope(db, caller, groupId);
  assertNoQueryGroupToggled(group.isQueryGroup ? 1 : 0, 'GroupId');
  await assertMayAssign(db, caller, userIds);
  return db.transaction().execute(async (trx) => {
    const before = await listGroupMembers(trx, groupId);
    const added = await addUsersToGroup(trx, groupId, userIds);
    await bumpUserVersions(trx, added);
    const after = { lists: { Users: await listGroupMembers(trx, groupId) } };
    await logPeopleChange(trx, caller, 'Group', groupId, { lists: { Users: before } }, after);
    return added.length;
  });
}
