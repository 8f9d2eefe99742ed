import { sql, type Kysely, type Transaction } from 'kysely';
import type { SortField } from '#metadata';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

type RoleColumn = 'roles.id' | 'roles.name' | 'roles.isAdmin' | 'roles.isParameterised';

export const roleSortColumns = {
  Id: ['roles.id'],
  Name: ['roles.name'],
  IsAdmin: ['roles.isAdmin'],
  IsParameterised: ['roles.isParameterised'],
} as const satisfies Record<SortField<'roles'>, readonly RoleColumn[]>;

export interface RolePage {
  limit: number;
  offset: number;
  orderBy: readonly { column: RoleColumn; desc: boolean }[];
}

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

export async function listRoles(db: Db, page?: RolePage) {
  let query = selectRoles(db);
  if (!page) return query.orderBy('roles.name').orderBy('roles.id').execute();
  for (const { column, desc } of page.orderBy) query = query.orderBy(column, desc ? 'desc' : 'asc');
  return query.orderBy('roles.id').limit(page.limit).offset(page.offset).execute();
}

export async function countRoles(db: Db): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The roles among `ids` that exist, with whether each is an admin role. */
export function findRolesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('roles').select(['id', 'isAdmin']).where('id', 'in', ids).execute();
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
