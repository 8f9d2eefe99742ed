import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findCompany } from './repositories/companies';
import { findGroupsByIds, listGroupsOfUsers } from './repositories/groups';
import { findLanguage } from '../languages/index';
import { findRolesByIds } from './repositories/roles';
import { browserDigest } from '../../security/browser-digest';
import type { Caller } from '../../engine/caller';
import type { CollectionChange, CollectionChanges } from '../../engine/collection-writes';
import {
  assertMayChangeRoles,
  assertNoQueryGroupToggled,
  resolveCompany,
} from './rules/membership-rules';
import { rolesCallerMayAssign } from './rules/role-delegations';
import { assertGroupInScope, assertHoldsRolePermissions, userScopeOf } from './rules/user-access';
import type { Membership } from './rules/users-belong-to';
import { fieldError } from './hook-support';

type Trx = Transaction<Database>;
type Row = Readonly<Record<string, unknown>>;

const changedKeys = (change: CollectionChange) => [...change.added, ...change.removed];
const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

const badDigest = () =>
  fieldError(
    'Password',
    "The password must be a SHA-512 hex digest, and not that of the user's name.",
  );

/** A posted password: the browser's SHA-512 hex digest of it, lower-cased; else refused. */
export function passwordDigest(posted: unknown): string {
  const digest = typeof posted === 'string' ? posted.toLowerCase() : '';
  if (/^[0-9a-f]{128}$/.test(digest)) return digest;
  throw badDigest();
}

/** A posted password must not be the user's name (in any of its usual cases). */
export function assertNotNameDigest(posted: unknown, userName: unknown) {
  if (posted === undefined || posted === null || posted === '') return;
  const digest = passwordDigest(posted);
  const name = typeof userName === 'string' ? userName : '';
  const nameDigests = [name, name.toLowerCase(), name.toUpperCase()].map(browserDigest);
  if (nameDigests.includes(digest)) throw badDigest();
}

export async function assertLanguageExists(trx: Trx, language: unknown, before: unknown) {
  if (typeof language !== 'string' || language === before) return;
  if (await findLanguage(trx, language)) return;
  throw fieldError('Language', `There is no language '${language}'.`);
}

/** Roles change only as far as the caller may give and take them away (assertMayChangeRoles). */
export async function assertMayChangeUserRoles(
  trx: Trx,
  caller: Caller,
  userId: number | null,
  change: CollectionChange | undefined,
): Promise<void> {
  const changed = change ? changedKeys(change) : [];
  if (!change || changed.length === 0) return;
  const roles = await findRolesByIds(trx, changed);
  const changes = roles.map((role) => ({ ...role, added: change.added.includes(role.id) }));
  assertMayChangeRoles(caller, userId, changes, await rolesCallerMayAssign(trx, caller));
  await assertHoldsRolePermissions(trx, caller, change.added);
}

/** Query groups are never toggled, and a group administrator toggles only their own groups. */
export async function assertMayChangeUserGroups(
  trx: Trx,
  caller: Caller,
  change: CollectionChange | undefined,
): Promise<void> {
  const changed = change ? changedKeys(change) : [];
  if (changed.length === 0) return;
  const groups = await findGroupsByIds(trx, changed);
  assertNoQueryGroupToggled(groups.filter((group) => group.isQueryGroup).length);
  for (const groupId of changed) await assertGroupInScope(trx, caller, groupId);
}

/**
 * A group administrator's new user joins at least their own ordinary groups, so that it stays
 * within their reach. Without a group of their own they create no user.
 */
export async function joinCreatorGroups(
  trx: Trx,
  caller: Caller,
  collections: CollectionChanges,
): Promise<void> {
  if (userScopeOf(caller).kind !== 'groups') return;
  const own = (await listGroupsOfUsers(trx, [caller.id]))
    .filter((group) => !group.isQueryGroup)
    .map((group) => group.id);
  if (own.length === 0) {
    throw new AppError('Forbidden', 'You belong to no group, so you cannot create users.');
  }
  const change = collections.Groups ?? { before: [], after: [], added: [], removed: [] };
  const joined = own.filter((id) => !change.after.includes(id));
  collections.Groups = {
    before: change.before,
    after: [...change.after, ...joined],
    added: [...change.added, ...joined],
    removed: change.removed.filter((id) => !own.includes(id)),
  };
}

/**
 * The company a saved user ends up in: the posted one only while users belong to companies
 * and as far as the caller may place users (resolveCompany), and it must exist. A company
 * administrator's new user joins their company; without a company they create no user.
 */
export async function companyOfSavedUser(
  trx: Trx,
  caller: Caller,
  existing: Row | undefined,
  requested: unknown,
  membership: Membership,
): Promise<number | null> {
  const current = existing ? idOrNull(existing.CompanyId) : null;
  const userId = existing ? Number(existing.Id) : null;
  const companyId = membership.companies
    ? resolveCompany(
        caller,
        userId,
        current,
        requested === undefined ? undefined : idOrNull(requested),
      )
    : current;
  if (companyId !== null && companyId !== current && !(await findCompany(trx, companyId))) {
    throw fieldError('CompanyId', `Company ${companyId} does not exist.`);
  }
  const scope = userScopeOf(caller);
  if (existing || scope.kind !== 'company') return companyId;
  if (scope.companyId === null) {
    throw new AppError('Forbidden', 'You belong to no company, so you cannot create users.');
  }
  return scope.companyId;
}
