import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PageKeys } from '../odata/index';

type Db = Kysely<Database> | Transaction<Database>;

function selectGroups(db: Db) {
  return db.selectFrom('groups').select((eb) => [
    'groups.id',
    'groups.name',
    'groups.isQueryGroup',
    'groups.version',
    eb
      .selectFrom('userGroups')
      .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('n'))
      .whereRef('userGroups.groupId', '=', 'groups.id')
      .as('usersNum'),
  ]);
}

export function findGroup(db: Db, id: number) {
  return selectGroups(db).where('groups.id', '=', id).executeTakeFirst();
}

/** Every group, or those of `ids` (none when empty), by name. */
export async function listGroups(db: Db, page?: PageKeys) {
  const query = selectGroups(db);
  if (page) {
    return query.innerJoin(page.as('page'), 'page.k', 'groups.id').orderBy('page.n').execute();
  }
  return query.orderBy('groups.name').orderBy('groups.id').execute();
}

/** The groups among `ids` that exist, with whether each is a query group. */
export function findGroupsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('groups').select(['id', 'isQueryGroup']).where('id', 'in', ids).execute();
}

export async function listGroupMemberIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('userGroups')
    .select('userId')
    .where('groupId', '=', groupId)
    .execute();
  return rows.map((r) => r.userId);
}

/** The members of a group, by name. */
export function listGroupMembers(db: Db, groupId: number) {
  return db
    .selectFrom('userGroups')
    .innerJoin('users', 'users.id', 'userGroups.userId')
    .select(['users.id', 'users.name'])
    .where('userGroups.groupId', '=', groupId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** Adds the users to the group; answers those who were not members before. */
export async function addUsersToGroup(db: Db, groupId: number, userIds: readonly number[]) {
  const added = await db
    .insertInto('userGroups')
    .values(userIds.map((userId) => ({ userId, groupId })))
    .onConflict((oc) => oc.columns(['userId', 'groupId']).doNothing())
    .returning('userId')
    .execute();
  return added.map((row) => row.userId);
}

/** The groups of each given user: `{ userId, id, name, isQueryGroup }`. */
export function listGroupsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('userGroups')
    .innerJoin('groups', 'groups.id', 'userGroups.groupId')
    .select(['userGroups.userId', 'groups.id', 'groups.name', 'groups.isQueryGroup'])
    .where('userGroups.userId', 'in', userIds)
    .orderBy('groups.name')
    .execute();
}

export async function replaceUserGroups(db: Db, userId: number, groupIds: readonly number[]) {
  await db.deleteFrom('userGroups').where('userId', '=', userId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('userGroups')
    .values(groupIds.map((groupId) => ({ userId, groupId })))
    .execute();
}
