import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { deleteUserRow, findUser } from '../../repositories/people-users';
import type { Caller } from './caller';
import { assertMayManageUser } from './membership-rules';

/** Deletes a user; their sessions go with them. Nobody deletes their own account. */
export async function deleteUser(db: Kysely<Database>, caller: Caller, id: number) {
  const target = await findUser(db, id);
  if (!target) throw new AppError('NotFound', 'The user does not exist.');
  if (id === caller.id) throw new AppError('BadRequest', 'You cannot delete your own account.');
  assertMayManageUser(caller, target);
  if (!(await deleteUserRow(db, id))) throw new AppError('NotFound', 'The user does not exist.');
}
