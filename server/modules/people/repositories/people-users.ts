import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { userEntity } from '#metadata';
import { fieldSql } from '../../../engine/odata/field-sql';
import type { BaseWhere } from '../../../engine/odata/index';
import { userColumns, userIsAdmin } from '../../account/index';

type Db = Kysely<Database> | Transaction<Database>;

/** FullName as the engine defines it for lists, filters and sorts: one definition. */
const fullNameSql = fieldSql(userEntity.storage, 'FullName') as RawBuilder<string>;

function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select((eb) => [
      ...userColumns,
      fullNameSql.as('fullName'),
      'users.companyId',
      'companies.companyName',
      'users.version',
      userIsAdmin(eb),
    ]);
}

/** A user without secrets: no password hash, no session data. */
export function findUser(db: Db, id: number) {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

/** Every user (within `scope` when given) by name, for checkbox lists of members. */
export function listUserNames(db: Db, scope: BaseWhere | null = null) {
  let query = db.selectFrom('users').select(['id', 'name', fullNameSql.as('fullName')]);
  if (scope) query = query.where(scope);
  return query.orderBy('name').orderBy('id').execute();
}

export async function findExistingUserIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Those of the users `ids` within `scope` (null: all of them). */
export async function userIdsWithin(
  db: Db,
  ids: readonly number[],
  scope: BaseWhere | null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  let query = db
    .withoutPlugins()
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', ids);
  if (scope) query = query.where(scope);
  return (await query.execute()).map((row) => row.id);
}

/**
 * Marks users as changed when their memberships change elsewhere, so that an editor opened
 * before the change cannot write its stale roles or groups back.
 */
export async function bumpUserVersions(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
}
