import type { Kysely, Transaction } from 'kysely';
import { hasPermission } from '#platform/core';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The ids of the roles whose holders may read through the permission expression `read`: the
 * roles whose own permission codes pass it (an administrator role holds every code, as a
 * session does). A role passing only together with another is not counted.
 */
export async function readerRoleIds(db: Db, read: string): Promise<number[]> {
  const roles = await db.selectFrom('roles').select(['id', 'isAdmin']).orderBy('id').execute();
  const granted = await db
    .selectFrom('rolePermissions')
    .innerJoin('permissions', 'permissions.id', 'rolePermissions.permissionId')
    .select(['rolePermissions.roleId', 'permissions.code'])
    .execute();
  const every = (await db.selectFrom('permissions').select('code').execute()).map((p) => p.code);
  const codes = new Map<number, string[]>();
  for (const { roleId, code } of granted) codes.set(roleId, [...(codes.get(roleId) ?? []), code]);
  return roles
    .filter((role) =>
      hasPermission(read, {
        authenticated: true,
        permissions: role.isAdmin ? every : (codes.get(role.id) ?? []),
      }),
    )
    .map((role) => role.id);
}
