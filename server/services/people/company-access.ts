import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findCompany } from '../../repositories/companies';
import { findUser } from '../../repositories/people-users';
import { type Caller, callerMay } from './caller';

export const managesCompanies = (caller: Caller) => callerMay(caller, 'ManageCompanies');

export async function ownCompanyId(db: Kysely<Database>, caller: Caller): Promise<number | null> {
  return (await findUser(db, caller.id))?.companyId ?? null;
}

/**
 * The companies a caller may see: every company with ManageCompanies (undefined: no limit),
 * otherwise (CanViewCompany) only their own.
 */
export async function visibleCompanyIds(
  db: Kysely<Database>,
  caller: Caller,
): Promise<number[] | undefined> {
  if (managesCompanies(caller)) return undefined;
  const own = await ownCompanyId(db, caller);
  return own === null ? [] : [own];
}

/** A company the caller may see; another company is answered as if it did not exist. */
export async function visibleCompany(db: Kysely<Database>, caller: Caller, id: number) {
  const visible = await visibleCompanyIds(db, caller);
  const company = !visible || visible.includes(id) ? await findCompany(db, id) : undefined;
  if (!company) throw new AppError('NotFound', 'The company does not exist.');
  return company;
}
