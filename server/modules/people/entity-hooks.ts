import { type Kysely, sql } from 'kysely';
import { systemPermissionIdLimit } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { retireUserTickets } from '../../repositories/account-tickets';
import { isEmailTaken } from '../../repositories/account-users';
import { bumpUserVersions } from '../../repositories/people-users';
import { revokeUserSessions } from '../../repositories/sessions';
import { type Caller, callerMay, type EntityCaller } from '../../services/engine/caller';
import type { EntityHooks } from '../../services/engine/entity-hooks';
import {
  assertMayManageUser,
  groupAdminsCreateNone,
  groupsInScope,
  userScopeOf,
  usersInScope,
} from '../../services/people/user-access';

/** The signed-in caller; the engine asks for hooks only after the entity's permission passed. */
function signedIn(caller: EntityCaller): Caller {
  if (!caller.user) throw new AppError('Unauthorized', 'Please sign in to continue.');
  return caller.user;
}

const fieldError = (field: string, message: string) =>
  new AppError('BadRequest', message, [{ Field: field, Message: message }]);

async function assertEmailFree(db: Kysely<Database>, email: unknown, exceptId: number | null) {
  if (typeof email !== 'string' || !(await isEmailTaken(db, email, exceptId ?? undefined))) return;
  throw fieldError('Email', 'Another account already uses this e-mail address.');
}

/**
 * Users: each caller reaches the users of their scope (company, own groups, or all), manages
 * only users whose permissions they hold, never deactivates or deletes their own account, and
 * a deactivated user is signed out at once.
 */
export const userHooks: EntityHooks = {
  rowScope: (caller) => usersInScope(userScopeOf(signedIn(caller))),
  prepareValues(values) {
    for (const field of ['Name', 'FirstName', 'Surname', 'Email']) {
      if (typeof values[field] === 'string') values[field] = values[field].trim();
    }
  },
  async beforeWrite({ trx, caller, existing, values }) {
    const user = signedIn(caller);
    const id = existing ? Number(existing.Id) : null;
    if (id !== null) await assertMayManageUser(trx, user, id);
    if (id === user.id && values.Active === false) {
      throw fieldError('Active', 'You cannot deactivate your own account.');
    }
    if (values.Email !== existing?.Email) await assertEmailFree(trx, values.Email, id);
  },
  async afterWrite({ trx, caller, existing, saved }) {
    if (existing?.Active === true && saved.Active === false) {
      const self = caller.user?.id === saved.Id;
      const keep = self ? (caller.user?.sessionId ?? undefined) : undefined;
      await revokeUserSessions(trx, Number(saved.Id), keep);
      await retireUserTickets(trx, Number(saved.Id));
    }
  },
  async beforeDelete({ trx, caller, existing }) {
    const user = signedIn(caller);
    const id = Number(existing.Id);
    if (id === user.id) throw new AppError('BadRequest', 'You cannot delete your own account.');
    await assertMayManageUser(trx, user, id);
  },
};

/**
 * Roles: whether a role is an administrator role is set when it is created, by an
 * administrator; only administrators change or delete administrator roles, and administrator
 * roles are never deleted.
 */
export const roleHooks: EntityHooks = {
  async beforeWrite({ caller, existing, values }) {
    const user = signedIn(caller);
    if (!existing) {
      if (values.IsAdmin === true && !user.isAdmin) {
        throw new AppError('Forbidden', 'Only an administrator can create an administrator role.');
      }
      return;
    }
    if (values.IsAdmin !== existing.IsAdmin) {
      throw fieldError('IsAdmin', 'Whether a role is an administrator role cannot be changed.');
    }
    if (existing.IsAdmin === true && !user.isAdmin) {
      throw new AppError('Forbidden', 'Only an administrator can change an administrator role.');
    }
  },
  async beforeDelete({ existing }) {
    if (existing.IsAdmin === true) {
      throw new AppError(
        'Conflict',
        `'${String(existing.Name)}' is an administrator role and cannot be deleted.`,
        [],
        { asException: true },
      );
    }
  },
};

/** Groups: a group administrator reaches only their own groups; query groups stay. */
export const groupHooks: EntityHooks = {
  rowScope: (caller) => groupsInScope(userScopeOf(signedIn(caller))),
  prepareValues(values) {
    if (typeof values.Name === 'string') values.Name = values.Name.trim();
  },
  async beforeWrite({ trx, caller, existing, values, collections }) {
    const user = signedIn(caller);
    if (!existing && userScopeOf(user).kind === 'groups') throw groupAdminsCreateNone();
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

/** Companies: ManageCompanies reaches every company, CanViewCompany only the caller's own. */
export const companyHooks: EntityHooks = {
  rowScope(caller) {
    const user = signedIn(caller);
    if (user.isAdmin || callerMay(user, 'ManageCompanies')) return null;
    const own = user.companyId;
    return (eb) => (own === null ? eb.lit(false) : eb(sql.ref('companies.id'), '=', own));
  },
};

const isSystemPermission = (row: Record<string, unknown>) =>
  Number(row.Id) < systemPermissionIdLimit;

/** Permissions: the system's own (ids below 1000) are neither changed nor deleted. */
export const permissionHooks: EntityHooks = {
  prepareValues(values) {
    if (typeof values.Code === 'string') values.Code = values.Code.trim();
    if (typeof values.Name === 'string') values.Name = values.Name.trim();
  },
  async beforeWrite({ existing }) {
    if (existing && isSystemPermission(existing)) {
      throw new AppError('Conflict', 'System permissions cannot be changed.');
    }
  },
  async beforeDelete({ existing }) {
    if (isSystemPermission(existing)) {
      throw new AppError(
        'Conflict',
        `'${String(existing.Code)}' is a system permission and cannot be deleted.`,
      );
    }
  },
};
