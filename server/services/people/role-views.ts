import type { Kysely, Transaction } from 'kysely';
import type { RoleView } from '#metadata';
import type { Database } from '../../db/schema';
import { listPermissions } from '../../repositories/permissions';
import {
  findRole,
  listDelegations,
  listRolePermissionPairs,
  listRoles,
} from '../../repositories/roles';

type Db = Kysely<Database> | Transaction<Database>;
type RoleRow = Awaited<ReturnType<typeof listRoles>>[number];

export const roleSummary = (role: RoleRow) => ({
  Id: role.id,
  Name: role.name,
  IsAdmin: role.isAdmin,
  IsParameterised: role.isParameterised,
  UsersNum: role.usersNum ?? 0,
  Version: role.version,
});

const blankRole: RoleRow = {
  id: 0,
  name: '',
  isAdmin: false,
  isParameterised: false,
  version: 0,
  usersNum: 0,
};

/**
 * A role as the editor shows it: every permission with IsChecked; an admin role holds every
 * permission. Id 0 gives the blank form of a new role; undefined when there is no such role.
 */
export async function roleEditorView(db: Db, id: number): Promise<RoleView | undefined> {
  const role = id === 0 ? blankRole : await findRole(db, id);
  if (!role) return undefined;
  const held = new Set((await listRolePermissionPairs(db, [id])).map((p) => p.permissionId));
  const permissions = await listPermissions(db);
  const roles = await listRoles(db);
  const delegated = new Set((await listDelegations(db, [id])).map((d) => d.delegatedRoleId));
  return {
    Id: role.id,
    Name: role.name,
    IsAdmin: role.isAdmin,
    IsParameterised: role.isParameterised,
    Permissions: permissions.map((p) => ({
      Id: p.id,
      Name: p.name,
      IsChecked: role.isAdmin || held.has(p.id),
    })),
    DelegatedRoles: roles
      .filter((other) => other.id !== id)
      .map((other) => ({
        Id: other.id,
        Name: other.name,
        IsAdmin: other.isAdmin,
        IsChecked: delegated.has(other.id),
      })),
    Version: role.version,
  };
}

/** Every role with the permissions it holds and the roles it delegates. */
export async function fullListOfRoles(db: Db) {
  const roles = await listRoles(db);
  const permissions = await listPermissions(db);
  const pairs = await listRolePermissionPairs(db);
  const delegations = await listDelegations(db);
  const named = (item: { id: number; name: string }) => ({ Id: item.id, Name: item.name });
  return roles.map((role) => ({
    ...roleSummary(role),
    Permissions: permissions
      .filter(
        (p) => role.isAdmin || pairs.some((x) => x.roleId === role.id && x.permissionId === p.id),
      )
      .map(named),
    DelegatedRoles: roles
      .filter((r) => delegations.some((d) => d.roleId === role.id && d.delegatedRoleId === r.id))
      .map(named),
  }));
}
