import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { replaceUserGroups } from '../../repositories/groups';
import { insertUserRow, updateUserRow, type UserValues } from '../../repositories/people-users';
import { replaceUserRoles } from '../../repositories/roles';
import { retireUserTickets } from '../../repositories/account-tickets';
import { revokeUserSessions } from '../../repositories/sessions';
import { replaceUserUnits } from '../../repositories/user-units';
import type { Caller } from './caller';
import { logPeopleChange } from './change-log';
import { isUniqueViolation, staleSave } from './concurrency';
import { userSnapshot } from './log-snapshots';

export interface UserWrite {
  /** null creates the user. */
  id: number | null;
  version: number;
  wasActive: boolean;
  values: UserValues;
  roleIds: number[] | null;
  groupIds: number[] | null;
  unitIds: number[] | null;
}

/**
 * Writes a checked user save in one transaction, with its change-log entry. A deactivated
 * user, or one given a new password, is signed out everywhere at once (callers changing their
 * own password keep the session they are using). Answers the user's id, or 'name-taken' when
 * a concurrent save took the name first.
 */
export async function writeUser(
  db: Kysely<Database>,
  caller: Caller,
  write: UserWrite,
): Promise<number | 'name-taken'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = write.id === null ? undefined : await userSnapshot(trx, write.id);
      let id: number;
      if (write.id === null) {
        id = await insertUserRow(trx, write.values);
      } else {
        if (!(await updateUserRow(trx, write.id, write.version, write.values))) {
          throw staleSave('user');
        }
        id = write.id;
      }
      if (write.roleIds) await replaceUserRoles(trx, id, write.roleIds);
      if (write.groupIds) await replaceUserGroups(trx, id, write.groupIds);
      if (write.unitIds) await replaceUserUnits(trx, id, write.unitIds);
      const deactivated = write.wasActive && !write.values.active;
      if (write.id !== null && (deactivated || write.values.passwordHash)) {
        const keep = id === caller.id ? (caller.sessionId ?? undefined) : undefined;
        await revokeUserSessions(trx, id, keep);
        // A link mailed before must not set the password again, nor reopen the account.
        await retireUserTickets(trx, id);
      }
      const after = await userSnapshot(trx, id);
      if (after && write.values.passwordHash) {
        after.fields = { ...after.fields, Password: 'changed' };
      }
      await logPeopleChange(trx, caller, 'User', id, before, after);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // A concurrent save took the e-mail address (its unique index names the column).
      if (/email/i.test(String((error as { constraint?: unknown }).constraint ?? ''))) {
        const message = 'Another account already uses this e-mail address.';
        throw new AppError('BadRequest', message, [{ Field: 'Email', Message: message }]);
      }
      return 'name-taken';
    }
    throw error;
  }
}
