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

const offMessages: Record<keyof Membership, string> = {
  groups: 'Groups are not in use in this installation.',
  companies: 'Companies are not in use in this installation.',
};

/**
 * Why users' groups or companies are closed now (the setting leaves them out), or null while
 * they are in use: every call about them answers 404 with it. Their rows stay.
 */
export async function membershipNotInUse(
  db: Kysely<Database> | Transaction<Database>,
  kind: keyof Membership,
): Promise<string | null> {
  return (await usersBelongTo(db))[kind] ? null : offMessages[kind];
}
