import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

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

/** Every role, by name. */
export async function listRoles(db: Db) {
  return selectRoles(db).orderBy('roles.name').orderBy('roles.id').execute();
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

/** Role-permission pairs of the given roles (of every role when none are given). */
export function listRolePermissionPairs(db: Db, roleIds?: readonly number[]) {
  let query = db.selectFrom('rolePermissions').select(['roleId', 'permissionId']);
  if (roleIds) {
    if (roleIds.length === 0) return Promise.resolve([]);
    query = query.where('roleId', 'in', roleIds);
  }
  return query.execute();
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
