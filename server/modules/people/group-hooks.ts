import { sql } from 'kysely';
import { AppError } from '../../errors/app-error';
import { bumpUserVersions } from './repositories/people-users';
import type { EntityHooks } from '../../engine/entity-hooks';
import { assertMayManageUser, groupsInScope, userScopeOf } from './rules/user-access';
import { fieldError, signedIn } from './hook-support';
import { membershipNotInUse } from './rules/users-belong-to';

/**
 * Groups: a group administrator reaches only their own groups; query groups stay. While users
 * belong to no group (`GroupsAndCompanies.UsersBelongTo`), groups are closed.
 */
export const groupHooks: EntityHooks = {
  notInUse: (db) => membershipNotInUse(db, 'groups'),
  rowScope: (caller) => groupsInScope(userScopeOf(signedIn(caller))),
  prepareValues(values) {
    if (typeof values.Name === 'string') values.Name = values.Name.trim();
  },
  async beforeWrite({ trx, caller, existing, values, collections }) {
    const user = signedIn(caller);
    if (existing && values.IsQueryGroup !== existing.IsQueryGroup) {
      throw fieldError(
        'IsQueryGroup',
        'Whether a group is a query group is set when it is created.',
      );
    }
    const members = collections.Users;
    const changed = members ? [...members.added, ...members.removed] : [];
    if (changed.length === 0) return;
    if (values.IsQueryGroup === true) {
      throw fieldError(
        'Users',
        'The members of a query group come from its query and cannot be toggled.',
      );
    }
    for (const userId of changed) await assertMayManageUser(trx, user, userId);
  },
  async afterWrite({ trx, collections }) {
    // A user editor opened before the change must not write the old groups back.
    const members = collections.Users;
    if (members) await bumpUserVersions(trx, [...members.added, ...members.removed]);
  },
  async beforeDelete({ trx, caller, existing }) {
    const user = signedIn(caller);
    if (existing.IsQueryGroup === true) {
      throw new AppError(
        'Conflict',
        `'${String(existing.Name)}' is a query group and cannot be deleted.`,
      );
    }
    const { rows } = await sql<{ userId: number }>`select user_id as "userId" from user_groups
      where group_id = ${Number(existing.Id)}`.execute(trx.withoutPlugins());
    for (const member of rows) await assertMayManageUser(trx, user, member.userId);
  },
};
