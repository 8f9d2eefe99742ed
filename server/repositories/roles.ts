import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PageKeys } from '../odata/index';

type Db = Kysely<Database> | Transaction<Database>;

function selectRoles(db: Db) {
  return db.selectFrom('roles').select((eb) => [
    'roles.id',
    'roles.name',
    'roles.isAdmin',
    'roles.isParameterised',
    'roles.version',
    eb
      .selectFrom('userRoles')
      .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('n'))
      .whereRef('userRoles.roleId', '=', 'roles.id')
      .as('usersNum'),
  ]);
}

export function findRole(db: Db, id: number) {
  return selectRoles(db).where('roles.id', '=', id).executeTakeFirst();
}

/** Every role, or those of `ids` (none when empty), by name. */
export async function listRoles(db: Db, page?: PageKeys) {
  const query = selectRoles(db);
  if (page)
    return query.innerJoin(page.as('page'), 'page.k', 'roles.id').orderBy('page.n').execute();
  return query.orderBy('roles.name').orderBy('roles.id').execute();
}

/** The roles among `ids` that exist, with whether each is an admin role. */
export function findRolesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'isAdmin'])
    .where('id', 'in', ids)
    .orderBy('name')
    .execute();
}

export async function roleNameTaken(db: Db, name: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RoleValues {
  name: string;
  isParameterised: boolean;
}

export async function insertRole(db: Db, values: RoleValues & { isAdmin: boolean }) {
  const { id } = await db
    .insertInto('roles')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates the role if it still has the given version; false when it has not. */
export async function updateRole(db: Db, id: number, version: number, values: RoleValues) {
  const result = await db
    .updateTable('roles')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteRole(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('roles').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Role-permission pairs of the given roles (of every role when none are given). */
export function listRolePermissionPairs(db: Db, roleIds?: readonly number[]) {
  let query = db.selectFrom('rolePermissions').select(['roleId', 'permissionId']);
  if (roleIds) {
    if (roleIds.length === 0) return Promise.resolve([]);
    query = query.where('roleId', 'in', roleIds);
  }
  return query.execute();
}

export async function replaceRolePermissions(
  db: Db,
  roleId: number,
  permissionIds: readonly number[],
) {
  await db.deleteFrom('rolePermissions').where('roleId', '=', roleId).execute();
  if (permissionIds.length === 0) return;
  await db
    .insertInto('rolePermissions')
    .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
    .execute();
}

/** The permissions a role holds, by name. */
export function listPermissionsOfRole(db: Db, roleId: number) {
  return db
    .selectFrom('rolePermissions')
    .innerJoin('permissions', 'permissions.id', 'rolePermissions.permissionId')
    .select(['permissions.id', 'permissions.name'])
    .where('rolePermissions.roleId', '=', roleId)
    .orderBy('permissions.name')
    .orderBy('permissions.id')
    .execute();
}

/** The roles a role delegates, by name. */
export function listDelegatedRoles(db: Db, roleId: number) {
  return db
    .selectFrom('roleDelegations')
    .innerJoin('roles', 'roles.id', 'roleDelegations.delegatedRoleId')
    .select(['roles.id', 'roles.name'])
    .where('roleDelegations.roleId', '=', roleId)
    .orderBy('roles.name')
    .execute();
}

/** The users holding a role, by name. */
export function listRoleMembers(db: Db, roleId: number) {
  return db
    .selectFrom('userRoles')
    .innerJoin('users', 'users.id', 'userRoles.userId')
    .select(['users.id', 'users.name'])
    .where('userRoles.roleId', '=', roleId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** Delegations of the given roles (of every role when none are given). */
export function listDelegations(db: Db, roleIds?: readonly number[]) {
  let query = db.selectFrom('roleDelegations').select(['roleId', 'delegatedRoleId']);
  if (roleIds) {
    if (roleIds.length === 0) return Promise.resolve([]);
    query = query.where('roleId', 'in', roleIds);
  }
  return query.execute();
}

export async function replaceDelegations(db: Db, roleId: number, delegatedIds: readonly number[]) {
  await db.deleteFrom('roleDelegations').where('roleId', '=', roleId).execute();
  if (delegatedIds.length === 0) return;
  await db
    .insertInto('roleDelegations')
    .values(delegatedIds.map((delegatedRoleId) => ({ roleId, delegatedRoleId })))
    .execute();
}

/** The roles of each given user: `{ userId, id, name, isAdmin }`. */
export function listRolesOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select(['userRoles.userId', 'roles.id', 'roles.name', 'roles.isAdmin'])
    .where('userRoles.userId', 'in', userIds)
    .orderBy('roles.name')
    .execute();
}

export async function replaceUserRoles(db: Db, userId: number, roleIds: readonly number[]) {
  await db.deleteFrom('userRoles').where('userId', '=', userId).execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto('userRoles')
    .values(roleIds.map((roleId) => ({ userId, roleId })))
    .execute();
}

/** Adds the users to the role; answers those who were not members before. */
export async function addUsersToRole(db: Db, roleId: number, userIds: readonly number[]) {
  const added = await db
    .insertInto('userRoles')
    .values(userIds.map((userId) => ({ userId, roleId })))
    .onConflict((oc) => oc.columns(['userId', 'roleId']).doNothing())
    .returning('userId')
    .execute();
  return added.map((row) => row.userId);
}
