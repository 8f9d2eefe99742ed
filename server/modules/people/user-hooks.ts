import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { retireUserTickets } from '../account/index';
import { revokeUserSessions } from '../sign-in/index';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks';
import { addressRefusal, isAddressField } from './rules/address-answers';
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

/**
 * An e-mail address is another account's neither as its e-mail nor as its user name, and a
 * user name is not another account's e-mail: nobody signs in as someone else by the name
 * their address, or a look-alike name of the same letters, suggests. The refusal tells no
 * more than the caller could read (see addressRefusal).
 */
async function assertAddressesFree(
  db: Kysely<Database>,
  { values, existing, readable }: WriteContext,
  id: number | null,
) {
  for (const field of ['Email', 'Name'] as const) {
    const text = values[field];
    if (typeof text !== 'string' || text === existing?.[field]) continue;
    const refusal = await addressRefusal(db, field, text, id, readable);
    if (refusal) throw fieldError(field, refusal);
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
    async checkUnique({ db, field, value, exceptId, readable }) {
      if (!isAddressField(field) || typeof value !== 'string') return undefined;
      const refusal = await addressRefusal(db, field, value.trim(), exceptId, readable);
      return refusal ? { isUnique: false, Message: refusal } : { isUnique: true };
    },
    async beforeWrite(context) {
      const { trx, caller, existing, values, payload, collections } = context;
      const user = signedIn(caller);
      const id = existing ? Number(existing.Id) : null;
      if (id !== null) await assertMayManageUser(trx, user, id);
      assertNotNameDigest(payload.Password, values.Name);
      if (id === user.id && values.Active === false) {
        throw fieldError('Active', 'You cannot deactivate your own account.');
      }
      await assertAddressesFree(trx, context, id);
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
