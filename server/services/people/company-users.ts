import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import {
  listCompaniesOfUsers,
  listCompanyMembers,
  moveUsersToCompany,
} from '../../repositories/companies';
import { assertUsersExist } from './assign-users';
import type { Caller } from './caller';
import { logPeopleChange } from './change-log';
import { managesCompanies, visibleCompany } from './company-access';
import { assertMayManageUser } from './user-access';

/**
 * `POST api/companies/users`: makes the users members of the company. Every user must be one
 * the caller may manage (a company administrator reaches only their own company's users, so
 * they cannot pull in a company-less administrator or manager); without ManageCompanies
 * nobody takes users away from another company.
 */
export async function addUsersToCompany(
  db: Kysely<Database>,
  caller: Caller,
  companyId: number,
  userIds: readonly number[],
): Promise<number> {
  await visibleCompany(db, caller, companyId);
  await assertUsersExist(db, userIds);
  for (const userId of userIds) await assertMayManageUser(db, caller, userId);
  if (!managesCompanies(caller)) {
    const elsewhere = (await listCompaniesOfUsers(db, userIds)).filter(
      (u) => u.companyId !== null && u.companyId !== companyId,
    );
    if (elsewhere.length > 0) {
      throw new AppError('Forbidden', 'Some of these users belong to another company.');
    }
  }
  return db.transaction().execute(async (trx) => {
    const before = { lists: { Users: await listCompanyMembers(trx, companyId) } };
    const moved = await moveUsersToCompany(trx, companyId, userIds);
    const after = { lists: { Users: await listCompanyMembers(trx, companyId) } };
    await logPeopleChange(trx, caller, 'Company', companyId, before, after);
    return moved;
  });
}
