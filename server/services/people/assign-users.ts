import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { addUsersToGroup, findGroup } from '../../repositories/groups';
import { bumpUserVersions, findExistingUserIds } from '../../repositories/people-users';
import { addUsersToRole, findRole, listRolesOfUsers } from '../../repositories/roles';
import type { Caller } from './caller';
import {
  assertMayChangeRoles,
  assertNoQueryGroupToggled,
  unknownIdsError,
} from './membership-rules';

export async function assertUsersExist(db: Kysely<Database>, userIds: readonly number[]) {
  const found = new Set(await findExistingUserIds(db, userIds));
  const missing = userIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw unknownIdsError('UserIds', 'User', missing);
}

/** `POST api/users/AssignUsersToRole`: adds the users to the role; answers how many were added. */
export async function assignUsersToRole(
  db: Kysely<Database>,
  caller: Caller,
  roleId: number,
  userIds: readonly number[],
): Promise<number> {
  const role = await findRole(db, roleId);
  if (!role) throw new AppError('NotFound', 'The role does not exist.');
  await assertUsersExist(db, userIds);
  const holders = new Set(
    (await listRolesOfUsers(db, userIds)).filter((r) => r.id === roleId).map((r) => r.userId),
  );
  for (const userId of userIds.filter((id) => !holders.has(id))) {
    assertMayChangeRoles(caller, userId, [{ isAdmin: role.isAdmin, added: true }]);
  }
  return db.transaction().execute(async (trx) => {
    const added = await addUsersToRole(trx, roleId, userIds);
    await bumpUserVersions(trx, added);
    return added.length;
  });
}

/** `POST api/users/AssignUsersToGroup`: adds the users to an ordinary (not query) group. */
export async function assignUsersToGroup(
  db: Kysely<Database>,
  groupId: number,
  userIds: readonly number[],
): Promise<number> {
  const group = await findGroup(db, groupId);
  if (!group) throw new AppError('NotFound', 'The group does not exist.');
  assertNoQueryGroupToggled(group.isQueryGroup ? 1 : 0, 'GroupId');
  await assertUsersExist(db, userIds);
  return db.transaction().execute(async (trx) => {
    const added = await addUsersToGroup(trx, groupId, userIds);
    await bumpUserVersions(trx, added);
    return added.length;
  });
}
