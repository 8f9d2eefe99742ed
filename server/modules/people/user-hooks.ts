import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { retireUserTickets } from '../../repositories/account-tickets';
import { isEmailTaken } from '../../repositories/account-users';
import { revokeUserSessions } from '../../repositories/sessions';
import type { EntityHooks } from '../../services/engine/entity-hooks';
import { assertMayManageUser, userScopeOf, usersInScope } from '../../services/people/user-access';
import { fieldError, signedIn } from './hook-support';

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
