import type { Kysely } from 'kysely';
import type { RoleView, SaveRoleRequest } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findExistingPermissionIds, listPermissions } from '../../repositories/permissions';
import {
  deleteRole,
  findRole,
  findRolesByIds,
  insertRole,
  listDelegations,
  listRolePermissionPairs,
  listRolesOfUsers,
  replaceDelegations,
  replaceRolePermissions,
  roleNameTaken,
  updateRole,
} from '../../repositories/roles';
import { type Caller, callerMay } from './caller';
import { logPeopleChange } from './change-log';
import { currentRow, isUniqueViolation, staleSave } from './concurrency';
import { roleSnapshot } from './log-snapshots';
import { applyChecks, changedIds, unknownIdsError } from './membership-rules';
import { roleEditorView } from './role-views';
import { assertHoldsRolePermissions, permissionsNotHeld } from './user-access';

const nameTaken = (name: string) => {
  const message = `A role named '${name}' already exists.`;
  return new AppError('BadRequest', message, [{ Field: 'Name', Message: message }]);
};

function fieldError(field: string, message: string) {
  return new AppError('BadRequest', message, [{ Field: field, Message: message }]);
}

/**
 * Nobody but an administrator changes the permissions of a role they hold, or gives a role a
 * permission they do not hold themselves.
 */
async function assertMayChangePermissions(
  db: Kysely<Database>,
  caller: Caller,
  roleId: number,
  added: number[],
) {
  if (caller.isAdmin) return;
  if (roleId && (await listRolesOfUsers(db, [caller.id])).some((role) => role.id === roleId)) {
    throw new AppError('Forbidden', 'You cannot change the permissions of a role you hold.');
  }
  const codes = (await listPermissions(db))
    .filter((permission) => added.includes(permission.id))
    .map((permission) => permission.code);
  const missing = permissionsNotHeld(caller, codes);
  if (missing.length > 0) {
    throw new AppError(
      'Forbidden',
      `You cannot give a role permissions you do not hold yourself: ${missing.join(', ')}.`,
    );
  }
}

/** The permission ids the role should hold after the save, or null when they stay. */
async function resolvePermissions(
  db: Kysely<Database>,
  caller: Caller,
  roleId: number,
  isAdmin: boolean,
  requested: SaveRoleRequest['Permissions'],
): Promise<number[] | null> {
  if (!requested) return null;
  if (isAdmin) {
    // An admin role holds every permission by definition; there is nothing to edit.
    if (requested.some((p) => !p.IsChecked)) {
      throw fieldError('Permissions', 'The permissions of an administrator role cannot be edited.');
    }
    return null;
  }
  const pairs = roleId ? await listRolePermissionPairs(db, [roleId]) : [];
  const current = new Set(pairs.map((p) => p.permissionId));
  const next = applyChecks(current, requested);
  const changed = changedIds(current, next);
  if (changed.length === 0) return null;
  const known = new Set(await findExistingPermissionIds(db, changed));
  const missing = changed.filter((id) => !known.has(id));
  if (missing.length > 0) throw unknownIdsError('Permissions', 'Permission', missing);
  await assertMayChangePermissions(
    db,
    caller,
    roleId,
    changed.filter((id) => next.has(id)),
  );
  return [...next];
}

/**
 * The roles the role should delegate after the save, or null when they stay. Changing them
 * needs ManageDelegatedRoles (spec 6); the list posted back unchanged needs nothing.
 */
async function resolveDelegations(
  db: Kysely<Database>,
  caller: Caller,
  roleId: number,
  requested: SaveRoleRequest['DelegatedRoles'],
): Promise<number[] | null> {
  if (!requested) return null;
  const current = new Set(
    roleId ? (await listDelegations(db, [roleId])).map((d) => d.delegatedRoleId) : [],
  );
  const next = applyChecks(current, requested);
  const changed = changedIds(current, next);
  if (changed.length === 0) return null;
  if (!callerMay(caller, 'ManageDelegatedRoles')) {
    throw new AppError('Forbidden', 'You may not change the roles a role delegates.');
  }
  if (roleId && next.has(roleId))
    throw fieldError('DelegatedRoles', 'A role cannot delegate itself.');
  const known = new Set((await findRolesByIds(db, changed)).map((r) => r.id));
  const missing = changed.filter((id) => !known.has(id));
  if (missing.length > 0) throw unknownIdsError('DelegatedRoles', 'Role', missing);
  await assertHoldsRolePermissions(
    db,
    caller,
    changed.filter((id) => next.has(id)),
  );
  return [...next];
}

/**
 * `POST api/Roles/SaveRole`. Whether a role is an admin role is decided when it is created,
 * by an administrator only; an admin role's permissions cannot be edited.
 */
export async function saveRole(
  db: Kysely<Database>,
  caller: Caller,
  input: SaveRoleRequest,
): Promise<RoleView> {
  const id = input.Id ?? 0;
  const existing = id > 0 ? currentRow(await findRole(db, id), input.Version, 'role') : undefined;
  const name = input.Name.trim();
  if (await roleNameTaken(db, name, id)) throw nameTaken(name);
  const isAdmin = existing ? existing.isAdmin : (input.IsAdmin ?? false);
  if (existing && input.IsAdmin !== undefined && input.IsAdmin !== existing.isAdmin) {
    throw fieldError('IsAdmin', 'Whether a role is an administrator role cannot be changed.');
  }
  if (!existing && isAdmin && !caller.isAdmin) {
    throw new AppError('Forbidden', 'Only an administrator can create an administrator role.');
  }
  if (existing?.isAdmin && !caller.isAdmin) {
    throw new AppError('Forbidden', 'Only an administrator can change an administrator role.');
  }
  const permissionIds = await resolvePermissions(db, caller, id, isAdmin, input.Permissions);
  const delegatedIds = await resolveDelegations(db, caller, id, input.DelegatedRoles);
  const values = {
    name,
    isParameterised: input.IsParameterised ?? existing?.isParameterised ?? false,
  };
  let savedId: number;
  try {
    savedId = await db.transaction().execute(async (trx) => {
      const before = existing && (await roleSnapshot(trx, id));
      let roleId = id;
      if (!existing) roleId = await insertRole(trx, { ...values, isAdmin });
      else if (!(await updateRole(trx, id, existing.version, values))) throw staleSave('role');
      if (permissionIds) await replaceRolePermissions(trx, roleId, permissionIds);
      if (delegatedIds) await replaceDelegations(trx, roleId, delegatedIds);
      await logPeopleChange(trx, caller, 'Role', roleId, before, await roleSnapshot(trx, roleId));
      return roleId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  const saved = await roleEditorView(db, savedId);
  if (!saved) throw new AppError('NotFound', 'The role was deleted meanwhile.');
  return saved;
}

/** A refused role delete: the spec's client shows the ExceptionMessage of the answer. */
const refuseDelete = (code: 'NotFound' | 'Conflict', message: string) =>
  new AppError(code, message, [], { asException: true });

/** `GET api/roles/DeleteRole/{id}`: admin roles cannot be deleted; holders lose the role. */
export async function removeRole(db: Kysely<Database>, caller: Caller, id: number) {
  const role = await findRole(db, id);
  if (!role) throw refuseDelete('NotFound', 'The role does not exist.');
  if (role.isAdmin) {
    throw refuseDelete(
      'Conflict',
      `'${role.name}' is an administrator role and cannot be deleted.`,
    );
  }
  await db.transaction().execute(async (trx) => {
    const before = await roleSnapshot(trx, id, true);
    if (!before || !(await deleteRole(trx, id))) {
      throw refuseDelete('NotFound', 'The role does not exist.');
    }
    await logPeopleChange(trx, caller, 'Role', id, before, undefined);
  });
}
