import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

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
