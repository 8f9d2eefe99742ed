import { isDeepStrictEqual } from 'node:util';
import { AppError } from '../../errors/app-error';
import { bumpUserVersions } from './repositories/people-users';
import { listPermissions } from './repositories/permissions';
import { listRolesOfUsers } from './repositories/roles';
import { type Caller, callerMay } from '../../engine/caller';
import type { CollectionChange } from '../../engine/collection-writes';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks';
import { assertMayChangeRoles, mayAssignRoles } from './rules/membership-rules';
import { rolesCallerMayAssign } from './rules/role-delegations';
import {
  assertHoldsRolePermissions,
  assertMayManageUser,
  permissionsNotHeld,
} from './rules/user-access';
import { fieldError, signedIn } from './hook-support';

type Row = Record<string, unknown>;

const changes = (change: CollectionChange | undefined): change is CollectionChange =>
  change !== undefined && (change.added.length > 0 || change.removed.length > 0);

const forbidden = (message: string) => new AppError('Forbidden', message);

/** Whether a role is an administrator role is set when it is created, by an administrator. */
function assertAdminFlag(user: Caller, existing: Row | undefined, values: Row) {
  if (!existing) {
    if (values.IsAdmin === true && !user.isAdmin) {
      throw forbidden('Only an administrator can create an administrator role.');
    }
    return;
  }
  if (values.IsAdmin !== existing.IsAdmin) {
    throw fieldError('IsAdmin', 'Whether a role is an administrator role cannot be changed.');
  }
  if (existing.IsAdmin === true && !user.isAdmin) {
    throw forbidden('Only an administrator can change an administrator role.');
  }
}

const isUnchecked = (item: unknown) =>
  typeof item === 'object' && item !== null && (item as Row).IsChecked === false;

/**
 * An administrator role holds every permission by definition, so they cannot be edited.
 * Otherwise changing them needs ManageRoles, and nobody but an administrator changes the
 * permissions of a role they hold or gives a role a permission they do not hold themselves.
 */
async function assertMayChangePermissions(user: Caller, context: WriteContext) {
  const { trx, existing, values, payload, collections } = context;
  const change = collections.Permissions;
  if (values.IsAdmin === true) {
    const posted = payload.Permissions;
    if (changes(change) || (Array.isArray(posted) && posted.some(isUnchecked))) {
      throw fieldError('Permissions', 'The permissions of an administrator role cannot be edited.');
    }
    return;
  }
  if (!changes(change)) return;
  if (!callerMay(user, 'ManageRoles')) {
    throw forbidden('You may not change the permissions of a role.');
  }
  if (user.isAdmin) return;
  const held = await listRolesOfUsers(trx, [user.id]);
  if (existing && held.some((role) => role.id === existing.Id)) {
    throw forbidden('You cannot change the permissions of a role you hold.');
  }
  const codes = (await listPermissions(trx))
    .filter((permission) => change.added.includes(permission.id))
    .map((permission) => permission.code);
  const missing = permissionsNotHeld(user, codes);
  if (missing.length > 0) {
    throw forbidden(
      `You cannot give a role permissions you do not hold yourself: ${missing.join(', ')}.`,
    );
  }
}

/**
 * Changing what a role delegates needs ManageDelegatedRoles (spec 6); a role does not
 * delegate itself, and nobody delegates a role holding permissions they do not hold.
 */
async function assertMayChangeDelegations(user: Caller, context: WriteContext) {
  const { trx, existing, collections } = context;
  const change = collections.DelegatedRoles;
  if (!changes(change)) return;
  if (!callerMay(user, 'ManageDelegatedRoles')) {
    throw forbidden('You may not change the roles a role delegates.');
  }
  if (existing && change.after.includes(Number(existing.Id))) {
    throw fieldError('DelegatedRoles', 'A role cannot delegate itself.');
  }
  await assertHoldsRolePermissions(trx, user, change.added);
}

/**
 * Giving the role to users or taking it away follows the rules of a user's roles: the caller
 * may assign roles, may manage each user, may give this role (see assertMayChangeRoles), and
 * holds every permission of the role they give.
 */
async function assertMayChangeHolders(user: Caller, context: WriteContext) {
  const { trx, existing, values, collections } = context;
  const change = collections.Users;
  if (!changes(change)) return;
  if (!mayAssignRoles(user)) throw forbidden('You may not give or take away roles.');
  const role = {
    id: Number(existing?.Id ?? 0),
    name: String(values.Name),
    isAdmin: values.IsAdmin === true,
  };
  const assignable = await rolesCallerMayAssign(trx, user);
  for (const userId of [...change.added, ...change.removed]) {
    await assertMayManageUser(trx, user, userId);
    assertMayChangeRoles(
      user,
      userId,
      [{ ...role, added: change.added.includes(userId) }],
      assignable,
    );
  }
  // A new role holds only the permissions just given, which the permission rule checked.
  if (existing && change.added.length > 0) await assertHoldsRolePermissions(trx, user, [role.id]);
}

/** The role's own fields (name, parameterised) change only with ManageRoles. */
function assertMayChangeFields(user: Caller, existing: Row | undefined, values: Row) {
  if (!existing || callerMay(user, 'ManageRoles')) return;
  if (Object.keys(values).some((field) => !isDeepStrictEqual(values[field], existing[field]))) {
    throw forbidden('You may not change the name or the settings of a role.');
  }
}

/**
 * Roles: whether a role is an administrator role is set when it is created, by an
 * administrator; only administrators change administrator roles, which are never deleted.
 * Each part of a role needs its own permission (see the entity's `update`), and its users,
 * permissions and delegated roles follow the rules of who may give what to whom.
 */
export const roleHooks: EntityHooks = {
  prepareValues(values) {
    if (typeof values.Name === 'string') values.Name = values.Name.trim();
  },
  async beforeWrite(context) {
    const user = signedIn(context.caller);
    assertAdminFlag(user, context.existing, context.values);
    assertMayChangeFields(user, context.existing, context.values);
    await assertMayChangePermissions(user, context);
    await assertMayChangeDelegations(user, context);
    await assertMayChangeHolders(user, context);
  },
  async afterWrite({ trx, collections }) {
    // A user editor opened before the change must not write the old roles back.
    const holders = collections.Users;
    if (holders) await bumpUserVersions(trx, [...holders.added, ...holders.removed]);
  },
  async beforeDelete({ existing }) {
    if (existing.IsAdmin === true) {
      throw new AppError(
        'Conflict',
        `'${String(existing.Name)}' is an administrator role and cannot be deleted.`,
        [],
        { asException: true },
      );
    }
  },
  /** Holders are written, never answered (see the entity's `Users`). */
};
