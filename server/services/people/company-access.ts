import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findCompany } from '../../repositories/companies';
import { type Caller, callerMay } from './caller';

export const managesCompanies = (caller: Caller) => callerMay(caller, 'ManageCompanies');

/**
 * The companies a caller may see: every company with ManageCompanies (undefined: no limit),
 * otherwise (CanViewCompany) only their own.
 */
export function visibleCompanyIds(caller: Caller): number[] | undefined {
  if (managesCompanies(caller)) return undefined;
  return caller.companyId === null ? [] : [caller.companyId];
}

/** A company the caller may see; another company is answered as if it did not exist. */
export async function visibleCompany(db: Kysely<Database>, caller: Caller, id: number) {
  const visible = visibleCompanyIds(caller);
  const company = !visible || visible.includes(id) ? await findCompany(db, id) : undefined;
  if (!company) throw new AppError('NotFound', 'The company does not exist.');
  return company;
}
