import type { Kysely } from 'kysely';
import type { SaveUserRequest, SaveUserResult } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { isEmailTaken, isUserNameTaken } from '../../repositories/account-users';
import { listGroupsOfUsers } from '../../repositories/groups';
import { findLanguage } from '../../repositories/languages';
import { findUser } from '../../repositories/people-users';
import { browserDigest } from '../../security/browser-digest';
import type { HashQueue } from '../../security/hash-queue';
import type { Caller } from './caller';
import { currentRow } from './concurrency';
import { assertMayManageUser, userScopeOf } from './user-access';
import {
  resolveUserCompany,
  resolveUserGroups,
  resolveUserRoles,
  resolveUserUnits,
} from './user-memberships';
import { userEditorView } from './user-views';
import { usersBelongTo } from './users-belong-to';
import { writeUser } from './write-user';

/** A browser digest that is well formed and is not the digest of the user name itself. */
function acceptableDigest(password: string, name: string): string | null {
  const digest = password.toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(digest)) return null;
  const nameDigests = [name, name.toLowerCase(), name.toUpperCase()].map(browserDigest);
  return nameDigests.includes(digest) ? null : digest;
}

async function checkLanguage(db: Kysely<Database>, language: string | null) {
  if (language === null || (await findLanguage(db, language))) return;
  const message = `There is no language '${language}'.`;
  throw new AppError('BadRequest', message, [{ Field: 'Language', Message: message }]);
}

/**
 * The company of a user a company administrator creates: their own. Without a company of
 * their own they cannot create users, as they could not see them afterwards.
 */
function creatorCompany(caller: Caller): number | undefined {
  const scope = userScopeOf(caller);
  if (scope.kind !== 'company') return undefined;
  if (scope.companyId === null) {
    throw new AppError('Forbidden', 'You belong to no company, so you cannot create users.');
  }
  return scope.companyId;
}

const emailTakenMessage = 'Another account already uses this e-mail address.';

/**
 * The groups of a user a group administrator creates: at least their own ordinary groups, so
 * that the new user stays within their reach. Without a group they cannot create users.
 */
async function withCreatorGroups(
  db: Kysely<Database>,
  caller: Caller,
  requested: number[] | null,
): Promise<number[] | null> {
  if (userScopeOf(caller).kind !== 'groups') return requested;
  const own = (await listGroupsOfUsers(db, [caller.id])).filter((g) => !g.isQueryGroup);
  if (own.length === 0) {
    throw new AppError('Forbidden', 'You belong to no group, so you cannot create users.');
  }
  return [...new Set([...(requested ?? []), ...own.map((g) => g.id)])];
}

/**
 * `POST api/users/SaveUser`: creates (Id 0) or updates a user from the allow-listed fields of
 * the payload. A taken name or an unusable password is answered with a flag and changes
 * nothing; roles, groups, units and company change only as far as the caller may change them.
 * A company administrator edits only their company's users, and the users they create join it.
 */
export async function saveUser(
  db: Kysely<Database>,
  hashing: HashQueue,
  caller: Caller,
  input: SaveUserRequest,
): Promise<SaveUserResult> {
  const membership = await usersBelongTo(db);
  const id = input.Id ?? 0;
  const row = id > 0 ? await findUser(db, id) : undefined;
  if (row) await assertMayManageUser(db, caller, id);
  const existing = id > 0 ? currentRow(row, input.Version, 'user') : undefined;
  const ownCompany = existing ? undefined : creatorCompany(caller);
  const name = input.Name.trim();
  const digest = input.Password ? acceptableDigest(input.Password, name) : undefined;
  if (digest === null) return { Succeeded: false, UserPasswordInvalid: true };
  if (await isUserNameTaken(db, name, id)) return { Succeeded: false, UsernameAlreadyExists: true };

  const language =
    input.Language === undefined ? (existing?.languageId ?? null) : input.Language || null;
  await checkLanguage(db, language);
  const active = input.Active ?? existing?.active ?? true;
  if (id === caller.id && !active) {
    const message = 'You cannot deactivate your own account.';
    throw new AppError('BadRequest', message, [{ Field: 'Active', Message: message }]);
  }
  const email = (input.Email ?? existing?.email ?? '').trim();
  if (email !== (existing?.email ?? '') && (await isEmailTaken(db, email, id))) {
    throw new AppError('BadRequest', emailTakenMessage, [
      { Field: 'Email', Message: emailTakenMessage },
    ]);
  }
  const targetId = existing ? id : null;
  const roleIds = await resolveUserRoles(db, caller, targetId, input.Roles);
  const requestedGroups = membership.groups
    ? await resolveUserGroups(db, caller, targetId, input.Groups)
    : null;
  const groupIds = existing
    ? requestedGroups
    : await withCreatorGroups(db, caller, requestedGroups);
  const unitIds = await resolveUserUnits(db, targetId, input.Units);
  const companyId = membership.companies
    ? await resolveUserCompany(db, caller, targetId, existing?.companyId ?? null, input.Company)
    : (existing?.companyId ?? null);

  const saved = await writeUser(db, caller, {
    id: targetId,
    version: existing?.version ?? 0,
    wasActive: existing?.active ?? true,
    values: {
      name,
      firstName: (input.FirstName ?? existing?.firstName ?? '').trim(),
      surname: (input.Surname ?? existing?.surname ?? '').trim(),
      email,
      active,
      languageId: language,
      companyId: ownCompany ?? companyId,
      ...(digest ? { passwordHash: await hashing.hash(digest) } : {}),
    },
    roleIds,
    groupIds,
    unitIds,
  });
  if (saved === 'name-taken') return { Succeeded: false, UsernameAlreadyExists: true };
  const user = await userEditorView(db, saved, membership);
  return { Succeeded: true, ...(user ? { User: user } : {}) };
}
