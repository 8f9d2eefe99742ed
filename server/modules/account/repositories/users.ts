import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The account a login name refers to, case-insensitively. */
export function findUserByName(db: Db, name: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'passwordHash', 'active'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** The columns of a user as the browser sees them, without secrets. */
export const userColumns = [
  'users.id',
  'users.name',
  'users.firstName',
  'users.surname',
  'users.email',
  'users.active',
  'users.languageId',
] as const;

/** Whether any of the user's roles is an admin role. */
export function userIsAdmin(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .exists(
      eb
        .selectFrom('userRoles')
        .innerJoin('roles', 'roles.id', 'userRoles.roleId')
        .whereRef('userRoles.userId', '=', 'users.id')
        .where('roles.isAdmin', '=', true),
    )
    .as('isAdmin');
}

/** The ids of the user's roles, ascending; correlated to `users.id` like userPermissionCodes. */
export function userRoleIds(eb: ExpressionBuilder<Database, 'users'>) {
  const ids = eb
    .selectFrom('userRoles')
    .select('userRoles.roleId')
    .whereRef('userRoles.userId', '=', 'users.id')
    .orderBy('userRoles.roleId');
  return sql<number[]>`array(${ids})`.as('roleIds');
}

/**
 * The permission codes a user holds through their roles; an admin role holds every
 * permission. Correlated to `users.id`, so it can be a column of any query over users.
 */
export function userPermissionCodes(eb: ExpressionBuilder<Database, 'users'>) {
  const codes = eb
    .selectFrom('permissions')
    .select('permissions.code')
    .where((outer) =>
      outer.exists(
        outer
          .selectFrom('userRoles')
          .innerJoin('roles', 'roles.id', 'userRoles.roleId')
          .select('userRoles.roleId')
          .whereRef('userRoles.userId', '=', 'users.id')
          .where((inner) =>
            inner.or([
              inner('roles.isAdmin', '=', true),
              inner.exists(
                inner
                  .selectFrom('rolePermissions')
                  .select('rolePermissions.roleId')
                  .whereRef('rolePermissions.roleId', '=', 'roles.id')
                  .whereRef('rolePermissions.permissionId', '=', 'permissions.id'),
              ),
            ]),
          ),
      ),
    );
  return sql<string[]>`array(${codes})`.as('permissions');
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set((eb) => ({ passwordHash, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

export async function recordLogin(db: Db, userId: number) {
  await db.updateTable('users').set({ lastLoginAt: new Date() }).where('id', '=', userId).execute();
}
