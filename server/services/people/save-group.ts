import type { Kysely } from 'kysely';
import type { GroupView, SaveGroupRequest } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import {
  deleteGroup,
  findGroup,
  groupNameTaken,
  insertGroup,
  listGroupMemberIds,
  replaceGroupMembers,
  updateGroup,
} from '../../repositories/groups';
import { bumpUserVersions, listUserNames } from '../../repositories/people-users';
import { assertUsersExist } from './assign-users';
import type { Caller } from './caller';
import {
  assertGroupInScope,
  assertMayManageUser,
  groupAdminsCreateNone,
  userScopeOf,
  usersInScope,
} from './user-access';
import { logPeopleChange } from './change-log';
import { currentRow, isUniqueViolation, staleSave } from './concurrency';
import { groupSnapshot } from './log-snapshots';
import { applyChecks, assertNoQueryGroupToggled, changedIds } from './membership-rules';

const nameTaken = (name: string) => {
  const message = `A group named '${name}' already exists.`;
  return new AppError('BadRequest', message, [{ Field: 'Name', Message: message }]);
};

/** A group as the editor shows it: every user, checked when a member. Id 0: a new group. */
export async function groupEditorView(
  db: Kysely<Database>,
  caller: Caller,
  id: number,
): Promise<GroupView | undefined> {
  if (id !== 0) await assertGroupInScope(db, caller, id);
  const group =
    id === 0 ? { id: 0, name: '', isQueryGroup: false, version: 0 } : await findGroup(db, id);
  if (!group) return undefined;
  const members = new Set(id === 0 ? [] : await listGroupMemberIds(db, id));
  const users = await listUserNames(db, usersInScope(userScopeOf(caller)));
  return {
    Id: group.id,
    Name: group.name,
    IsQueryGroup: group.isQueryGroup,
    Users: users.map((u) => ({
      Id: u.id,
      Name: u.name,
      FullName: u.fullName,
      IsChecked: members.has(u.id),
    })),
    Version: group.version,
  };
}

/**
 * `POST api/groups/SaveGroup`. Users toggles the members of an ordinary group; a query
 * group's members come from its query and cannot be toggled.
 */
export async function saveGroup(
  db: Kysely<Database>,
  caller: Caller,
  input: SaveGroupRequest,
): Promise<GroupView> {
  const id = input.Id ?? 0;
  if (id > 0) await assertGroupInScope(db, caller, id);
  else if (userScopeOf(caller).kind === 'groups') throw groupAdminsCreateNone();
  const existing = id > 0 ? currentRow(await findGroup(db, id), input.Version, 'group') : undefined;
  const name = input.Name.trim();
  if (await groupNameTaken(db, name, id)) throw nameTaken(name);
  const values = { name, isQueryGroup: input.IsQueryGroup ?? existing?.isQueryGroup ?? false };
  let members: number[] | null = null;
  let changedMembers: number[] = [];
  if (input.Users) {
    const current = new Set(existing ? await listGroupMemberIds(db, id) : []);
    const next = applyChecks(current, input.Users);
    const changed = changedIds(current, next);
    if (changed.length > 0) {
      assertNoQueryGroupToggled(values.isQueryGroup ? 1 : 0, 'Users');
      await assertUsersExist(
        db,
        changed.filter((userId) => next.has(userId)),
      );
      for (const userId of changed) await assertMayManageUser(db, caller, userId);
      members = [...next];
      changedMembers = changed;
    }
  }
  let savedId: number;
  try {
    savedId = await db.transaction().execute(async (trx) => {
      const before = existing && (await groupSnapshot(trx, id));
      let groupId = id;
      if (!existing) groupId = await insertGroup(trx, values);
      else if (!(await updateGroup(trx, id, existing.version, values))) throw staleSave('group');
      if (members) await replaceGroupMembers(trx, groupId, members);
      await bumpUserVersions(trx, changedMembers);
      const after = await groupSnapshot(trx, groupId);
      await logPeopleChange(trx, caller, 'Group', groupId, before, after);
      return groupId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  const saved = await groupEditorView(db, caller, savedId);
  if (!saved) throw new AppError('NotFound', 'The group was deleted meanwhile.');
  return saved;
}

/** `GET api/groups/DeleteGroup/{id}`: query groups cannot be deleted. */
export async function removeGroup(db: Kysely<Database>, caller: Caller, id: number) {
  await assertGroupInScope(db, caller, id);
  // Deleting a group takes its members out of it: as SaveGroup, only for members one manages.
  for (const userId of await listGroupMemberIds(db, id)) {
    await assertMayManageUser(db, caller, userId);
  }
  const group = await findGroup(db, id);
  if (!group) throw new AppError('NotFound', 'The group does not exist.');
  if (group.isQueryGroup) {
    throw new AppError('Conflict', `'${group.name}' is a query group and cannot be deleted.`);
  }
  await db.transaction().execute(async (trx) => {
    const before = await groupSnapshot(trx, id);
    if (!before || !(await deleteGroup(trx, id))) {
      throw new AppError('NotFound', 'The group does not exist.');
    }
    await logPeopleChange(trx, caller, 'Group', id, before, undefined);
  });
}
