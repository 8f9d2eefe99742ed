import type { Kysely } from 'kysely';
import type { GroupView } from '#metadata';
import type { Database } from '../../../db/schema';
import { findGroup, listGroupMemberIds } from '../repositories/groups';
import { listUserNames } from '../repositories/people-users';
import { isNewRowKey } from '../../../engine/entity-service';
import type { Caller } from './caller';
import { assertGroupInScope, userScopeOf, usersInScope } from './user-access';

/** A group as the editor shows it: every user, checked when a member. Id 0 or below: a new group. */
export async function groupEditorView(
  db: Kysely<Database>,
  caller: Caller,
  id: number,
): Promise<GroupView | undefined> {
  const isNew = isNewRowKey(id);
  if (!isNew) await assertGroupInScope(db, caller, id);
  const group = isNew
    ? { id: 0, name: '', isQueryGroup: false, version: 0 }
    : await findGroup(db, id);
  if (!group) return undefined;
  const members = new Set(isNew ? [] : await listGroupMemberIds(db, id));
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
