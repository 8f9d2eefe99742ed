import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

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

/** The user as the browser sees them, with whether any of their roles is an admin role. */
export function findSessionUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select((eb) => [...userColumns, userIsAdmin(eb)])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/**
 * Permission codes a user holds through their roles; an admin role holds every permission.
 * One query, so it can run beside the user's own lookup.
 */
export async function listUserPermissionCodes(db: Db, userId: number) {
  const rows = await db
    .selectFrom('permissions')
    .select('permissions.code')
    .where((outer) =>
      outer.exists(
        outer
          .selectFrom('userRoles')
          .innerJoin('roles', 'roles.id', 'userRoles.roleId')
          .select('userRoles.roleId')
          .where('userRoles.userId', '=', userId)
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
    )
    .execute();
  return rows.map((r) => r.code).sort();
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
