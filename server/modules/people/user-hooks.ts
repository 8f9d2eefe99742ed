import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { retireUserTickets } from '../account/index';
import { findUsersByAddress } from '../account/index';
import { revokeUserSessions } from '../sign-in/index';
import type { EntityHooks } from '../../engine/entity-hooks';
import { mayAssignRoles } from './rules/membership-rules';
import { assertMayManageUser, userScopeOf, usersInScope } from './rules/user-access';
import { usersBelongTo } from './rules/users-belong-to';
import type { ModuleServices } from '../module';
import { fieldError, signedIn } from './hook-support';
import {
  assertLanguageExists,
  assertMayChangeUserGroups,
  assertMayChangeUserRoles,
  companyOfSavedUser,
  joinCreatorGroups,
  assertNotNameDigest,
  passwordDigest,
} from './user-rules';

/** Another account has this text as its user name or its e-mail, ignoring case. */
async function isAddressOfAnother(db: Kysely<Database>, text: string, exceptId: number | null) {
  return (await findUsersByAddress(db, text)).some((user) => user.id !== exceptId);
}

/**
 * An e-mail address is another account's neither as its e-mail nor as its user name, and a
 * user name is not another account's e-mail: nobody signs in as someone else by the name
 * their address, or a look-alike name of the same letters, suggests.
 */
async function assertAddressesFree(
  db: Kysely<Database>,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
  id: number | null,
) {
  const { Name, Email } = values;
  if (typeof Email === 'string' && Email !== '' && Email !== existing?.Email) {
    if (await isAddressOfAnother(db, Email, id)) {
      throw fieldError('Email', 'Another account already uses this e-mail address.');
    }
  }
  if (typeof Name === 'string' && Name !== existing?.Name) {
    if (await isAddressOfAnother(db, Name, id)) {
      throw fieldError('Name', 'Another account already has this name or e-mail address.');
    }
  }
}

/**
 * Users: each caller reaches the users of their scope (company, own groups, or all), manages
 * only users whose permissions they hold, never deactivates or deletes their own account;
 * roles, groups and the company change only as far as the caller may change them, and the
 * users a company or group administrator creates join their company or groups. A password is
 * posted as the browser's digest and kept only as its slow hash; a user given a new password
 * or deactivated is signed out at once.
 */
export function userHooks({ hashing }: ModuleServices): EntityHooks {
  return {
    rowScope: (caller) => usersInScope(userScopeOf(signedIn(caller))),
    // Posted roles are ignored, not refused, for callers who may not assign roles.
    fieldRules: (caller) =>
      caller.user && mayAssignRoles(caller.user) ? {} : { readOnly: ['Roles'] },
    prepareValues(values) {
      for (const field of ['Name', 'FirstName', 'Surname', 'Email']) {
        if (typeof values[field] === 'string') values[field] = values[field].trim();
      }
      if (values.Language === '') values.Language = null;
    },
    // The browser's digest is kept only as its slow hash, made before the save's transaction.
    sealSecret: async (_field, value) => hashing.hash(passwordDigest(value)),
    async beforeWrite({ trx, caller, existing, values, payload, collections }) {
      const user = signedIn(caller);
      const id = existing ? Number(existing.Id) : null;
      if (id !== null) await assertMayManageUser(trx, user, id);
      assertNotNameDigest(payload.Password, values.Name);
      if (id === user.id && values.Active === false) {
        throw fieldError('Active', 'You cannot deactivate your own account.');
      }
      await assertAddressesFree(trx, values, existing, id);
      await assertLanguageExists(trx, values.Language, existing?.Language);
      await assertMayChangeUserRoles(trx, user, id, collections.Roles);
      const membership = await usersBelongTo(trx);
      if (!membership.groups) delete collections.Groups;
      await assertMayChangeUserGroups(trx, user, collections.Groups);
      if (!existing) await joinCreatorGroups(trx, user, collections);
      values.CompanyId = await companyOfSavedUser(
        trx,
        user,
        existing,
        values.CompanyId,
        membership,
      );
    },
    async afterWrite({ trx, caller, existing, saved, sealed }) {
      const id = Number(saved.Id);
      const deactivated = existing?.Active === true && saved.Active === false;
      if (existing && (deactivated || sealed.has('Password'))) {
        const keep = caller.user?.id === id ? (caller.user.sessionId ?? undefined) : undefined;
        await revokeUserSessions(trx, id, keep);
        // A link mailed before must not set the password again, nor reopen the account.
        await retireUserTickets(trx, id);
      }
    },
    async beforeDelete({ trx, caller, existing }) {
      const user = signedIn(caller);
      const id = Number(existing.Id);
      if (id === user.id) throw new AppError('BadRequest', 'You cannot delete your own account.');
      await assertMayManageUser(trx, user, id);
    },
  };
}
