import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { cachedSetting } from '../../settings/index';

export interface Membership {
  groups: boolean;
  companies: boolean;
}

/**
 * What users belong to, from the `GroupsAndCompanies.UsersBelongTo` setting (None 0,
 * Groups 1, Companies 2, Both 3): it decides whether user calls read and write groups and
 * the company.
 */
export async function usersBelongTo(
  db: Kysely<Database> | Transaction<Database>,
): Promise<Membership> {
  const value = Number(await cachedSetting<unknown>(db, 'GroupsAndCompanies.UsersBelongTo', 0));
  return { groups: value === 1 || value === 3, companies: value === 2 || value === 3 };
}
