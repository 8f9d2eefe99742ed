import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findCompany } from '../../repositories/companies';
import type { CompanyScope } from '../../repositories/people-users';
import { type Caller, callerMay } from './caller';

export const managesCompanies = (caller: Caller) => callerMay(caller, 'ManageCompanies');

/**
 * The users a caller may see and manage: null for everyone, or `{ companyId }` for a company
 * administrator (CanViewCompany without ManageCompanies), who sees only their own company's
 * users (a null companyId: nobody). Plug it into a users query with `usersOfCompany`.
 *
 * @example const scope = companyScope(caller); if (scope) query = query.where(usersOfCompany(scope));
 */
export function companyScope(caller: Caller): CompanyScope | null {
  if (caller.isAdmin || managesCompanies(caller) || !callerMay(caller, 'CanViewCompany')) {
    return null;
  }
  return { companyId: caller.companyId };
}

/** Whether a user is within a scope (null: no limit). */
export const isInScope = (scope: CompanyScope | null, user: { companyId: number | null }) =>
  !scope || (scope.companyId !== null && user.companyId === scope.companyId);

const inScope = (caller: Caller, user: { companyId: number | null }) =>
  isInScope(companyScope(caller), user);

/** A user of another company is answered as if it did not exist. */
export function assertUserVisible(caller: Caller, user: { companyId: number | null }) {
  if (!inScope(caller, user)) throw new AppError('NotFound', 'The user does not exist.');
}

export function assertMayManageInCompany(caller: Caller, users: { companyId: number | null }[]) {
  if (users.some((user) => !inScope(caller, user))) {
    throw new AppError('Forbidden', 'You can only manage the users of your own company.');
  }
}

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
