import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { deleteUserRow, findUser } from '../../repositories/people-users';
import type { Caller } from './caller';
import { logPeopleChange } from './change-log';
import { userSnapshot } from './log-snapshots';
import { assertMayManageUser } from './user-access';

const notFound = () => new AppError('NotFound', 'The user does not exist.');

/** Deletes a user; their sessions go with them. Nobody deletes their own account. */
export async function deleteUser(db: Kysely<Database>, caller: Caller, id: number) {
  const target = await findUser(db, id);
  if (!target) throw notFound();
  if (id === caller.id) throw new AppError('BadRequest', 'You cannot delete your own account.');
  await assertMayManageUser(db, caller, id);
  await db.transaction().execute(async (trx) => {
    const before = await userSnapshot(trx, id);
    if (!before || !(await deleteUserRow(trx, id))) throw notFound();
    await logPeopleChange(trx, caller, 'User', id, before, undefined);
  });
}
