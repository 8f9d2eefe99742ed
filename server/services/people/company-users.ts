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

/**
 * `POST api/companies/users`: makes the users members of the company. Without
 * ManageCompanies a caller adds only users who belong to no company to their own company,
 * so nobody takes users away from another company.
 */
export async function addUsersToCompany(
  db: Kysely<Database>,
  caller: Caller,
  companyId: number,
  userIds: readonly number[],
): Promise<number> {
  await visibleCompany(db, caller, companyId);
  await assertUsersExist(db, userIds);
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
