import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findCompany } from '../../repositories/companies';
import { findGroupsByIds, listGroupsOfUsers } from '../../repositories/groups';
import { findRolesByIds, listRolesOfUsers } from '../../repositories/roles';
import { findExistingUnitIds, listUnitsOfUsers } from '../../repositories/user-units';
import type { Caller } from './caller';
import {
  applyChecks,
  assertMayChangeRoles,
  assertNoQueryGroupToggled,
  changedIds,
  type CheckedInput,
  mayAssignRoles,
  resolveCompany,
  unknownIdsError,
} from './membership-rules';
import { rolesCallerMayAssign } from './role-delegations';
import { assertGroupInScope, assertHoldsRolePermissions } from './user-access';

type Db = Kysely<Database>;

/**
 * The roles a saved user ends up with, or null when they stay as they are. Posted roles are
 * ignored unless the caller may assign roles (ManageRoles or AssignUsersToRoles).
 */
export async function resolveUserRoles(
  db: Db,
  caller: Caller,
  targetUserId: number | null,
  requested: readonly CheckedInput[] | undefined,
): Promise<number[] | null> {
  if (!requested || !mayAssignRoles(caller)) return null;
  const held = targetUserId ? await listRolesOfUsers(db, [targetUserId]) : [];
  const current = new Set(held.map((r) => r.id));
  const next = applyChecks(current, requested);
  const changed = changedIds(current, next);
  if (changed.length === 0) return null;
  const known = await findRolesByIds(db, changed);
  const missing = changed.filter((id) => !known.some((role) => role.id === id));
  if (missing.length > 0) throw unknownIdsError('Roles', 'Role', missing);
  assertMayChangeRoles(
    caller,
    targetUserId,
    known.map((role) => ({ ...role, added: next.has(role.id) })),
    await rolesCallerMayAssign(db, caller),
  );
  await assertHoldsRolePermissions(
    db,
    caller,
    changed.filter((id) => next.has(id)),
  );
  return [...next];
}

/** The groups a saved user ends up in, or null when they stay as they are. */
export async function resolveUserGroups(
  db: Db,
  caller: Caller,
  targetUserId: number | null,
  requested: readonly CheckedInput[] | undefined,
): Promise<number[] | null> {
  if (!requested) return null;
  const held = targetUserId ? await listGroupsOfUsers(db, [targetUserId]) : [];
  const current = new Set(held.map((g) => g.id));
  const next = applyChecks(current, requested);
  const changed = changedIds(current, next);
  if (changed.length === 0) return null;
  const known = await findGroupsByIds(db, changed);
  const missing = changed.filter((id) => !known.some((group) => group.id === id));
  if (missing.length > 0) throw unknownIdsError('Groups', 'Group', missing);
  assertNoQueryGroupToggled(known.filter((group) => group.isQueryGroup).length);
  for (const groupId of changed) await assertGroupInScope(db, caller, groupId);
  return [...next];
}

/** The units a saved user ends up with, or null when they stay as they are. */
export async function resolveUserUnits(
  db: Db,
  targetUserId: number | null,
  requested: readonly CheckedInput[] | undefined,
): Promise<number[] | null> {
  if (!requested) return null;
  const held = targetUserId ? await listUnitsOfUsers(db, [targetUserId]) : [];
  const current = new Set(held.map((u) => u.id));
  const next = applyChecks(current, requested);
  const changed = changedIds(current, next);
  if (changed.length === 0) return null;
  const known = new Set(await findExistingUnitIds(db, changed));
  const missing = changed.filter((id) => !known.has(id));
  if (missing.length > 0) throw unknownIdsError('Units', 'Unit', missing);
  return [...next];
}

/** The company a saved user ends up in (see resolveCompany); the company must exist. */
export async function resolveUserCompany(
  db: Db,
  caller: Caller,
  targetUserId: number | null,
  current: number | null,
  requested: { Id: number } | null | undefined,
): Promise<number | null> {
  const requestedId = requested === undefined ? undefined : (requested?.Id ?? null);
  const companyId = resolveCompany(caller, targetUserId, current, requestedId);
  if (companyId !== null && companyId !== current && !(await findCompany(db, companyId))) {
    const message = `Company ${companyId} does not exist.`;
    throw new AppError('BadRequest', message, [{ Field: 'Company', Message: message }]);
  }
  return companyId;
}
