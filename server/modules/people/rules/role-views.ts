import type { Kysely } from 'kysely';
import type { RoleView } from '#metadata';
import type { Database } from '../../../db/schema';
import { listPermissions } from '../repositories/permissions';
import { listDelegations, listRolePermissionPairs } from '../repositories/roles';
import type { EntityAccess } from '../../../engine/entity-access';
import { listEntity, maxListTop } from '../../../engine/entity-list';
import { blankEntity, isNewRowKey, readEntity } from '../../../engine/entity-service';

type Db = Kysely<Database>;

interface Named {
  Id: number;
  Name: string;
}

interface RoleRow extends Named {
  IsAdmin: boolean;
  IsParameterised: boolean;
  UsersNum: number;
  Version: number;
}

const byName = [{ field: 'Name', desc: false }];

/** Every role the caller may read, by name, with the given fields and lists. */
async function readRoles<T extends Named>(db: Db, access: EntityAccess, select: string) {
  const params = { $select: select, $top: String(maxListTop) };
  return (await listEntity<T>(db, access, params, { orderBy: byName })).value;
}

/**
 * A role as the editor shows it, read through the engine: every permission with IsChecked (an
 * admin role holds every permission) and every other role, checked when this one delegates
 * it. Id 0 gives the blank form of a new role; undefined when the caller reads no such role.
 */
export async function roleEditorView(
  db: Db,
  access: EntityAccess,
  id: number,
): Promise<RoleView | undefined> {
  const role = isNewRowKey(id)
    ? { ...blankEntity<RoleRow>(access), Version: 0 }
    : await readEntity<RoleRow>(db, access, id);
  if (!role) return undefined;
  const held = new Set((await listRolePermissionPairs(db, [id])).map((p) => p.permissionId));
  const delegated = new Set((await listDelegations(db, [id])).map((d) => d.delegatedRoleId));
  const others = await readRoles<Named & { IsAdmin: boolean }>(db, access, 'Id,Name,IsAdmin');
  return {
    Id: role.Id,
    Name: role.Name,
    IsAdmin: role.IsAdmin,
    IsParameterised: role.IsParameterised,
    Permissions: (await listPermissions(db)).map((p) => ({
      Id: p.id,
      Name: p.name,
      IsChecked: role.IsAdmin || held.has(p.id),
    })),
    DelegatedRoles: others
      .filter((other) => other.Id !== id)
      .map((other) => ({
        Id: other.Id,
        Name: other.Name,
        IsAdmin: other.IsAdmin,
        IsChecked: delegated.has(other.Id),
      })),
    Version: role.Version,
  };
}

/** Every role with the permissions it holds (an admin role all) and the roles it delegates. */
export async function rolesWithLists(db: Db, access: EntityAccess) {
  // Side by side: every permission (an admin role's list) does not wait for the roles.
  const [roles, permissions] = await Promise.all([
    readRoles<RoleRow & { Permissions: Named[]; DelegatedRoles: Named[] }>(
      db,
      access,
      'Id,Name,IsAdmin,IsParameterised,UsersNum,Version,Permissions,DelegatedRoles',
    ),
    listPermissions(db),
  ]);
  return roles.map((role) => {
    const held = new Set(role.Permissions.map((p) => p.Id));
    const delegated = new Set(role.DelegatedRoles.map((r) => r.Id));
    return {
      ...role,
      Permissions: permissions
        .filter((p) => role.IsAdmin || held.has(p.id))
        .map((p) => ({ Id: p.id, Name: p.name })),
      DelegatedRoles: roles
        .filter((r) => delegated.has(r.Id))
        .map((r) => ({ Id: r.Id, Name: r.Name })),
    };
  });
}
