import {
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  sql,
  type Transaction,
} from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/schema';
import { userEntity } from '#metadata';
import { fieldSql } from '../odata/field-sql';
import type { BaseWhere, PageKeys } from '../odata/index';
import { userColumns, userIsAdmin } from './users';

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

export type UserRow = Awaited<ReturnType<typeof findUser>> & {};

/** A user without secrets: no password hash, no session data. */
export function findUser(db: Db, id: number) {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

/** The roles, groups and units of the user of the current row, as JSON arrays by name. */
function membershipsOf(eb: ExpressionBuilder<Database, 'users'>, withGroups: boolean) {
  const roles = jsonArrayFrom(
    eb
      .selectFrom('userRoles')
      .innerJoin('roles', 'roles.id', 'userRoles.roleId')
      .select(['roles.id', 'roles.name', 'roles.isAdmin'])
      .whereRef('userRoles.userId', '=', 'users.id')
      .orderBy('roles.name')
      .orderBy('roles.id'),
  ).as('roles');
  const units = jsonArrayFrom(
    eb
      .selectFrom('userUnits')
      .innerJoin('units', 'units.id', 'userUnits.unitId')
      .select(['units.id', 'units.name'])
      .whereRef('userUnits.userId', '=', 'users.id')
      .orderBy('units.name')
      .orderBy('units.id'),
  ).as('units');
  const groups = withGroups
    ? jsonArrayFrom(
        eb
          .selectFrom('userGroups')
          .innerJoin('groups', 'groups.id', 'userGroups.groupId')
          .select(['groups.id', 'groups.name', 'groups.isQueryGroup'])
          .whereRef('userGroups.userId', '=', 'users.id')
          .orderBy('groups.name')
          .orderBy('groups.id'),
      )
    : sql<{ id: number; name: string; isQueryGroup: boolean }[]>`'[]'::json`;
  return [roles, units, groups.as('groups')] as const;
}

/**
 * Users (those of a list's page, or every one) within `scope` when given, by name, each with their
 * roles, units and (when asked) groups: one query, as lists need it.
 */
export function listUsersWithMemberships(
  db: Db,
  page: PageKeys | undefined,
  scope: BaseWhere | null,
  withGroups: boolean,
) {
  let query = selectUsers(db).select((eb) => membershipsOf(eb, withGroups));
  if (scope) query = query.where(scope);
  if (page) {
    return query.innerJoin(page.as('page'), 'page.k', 'users.id').orderBy('page.n').execute();
  }
  return query.orderBy('users.name').orderBy('users.id').execute();
}

export type UserListRow = Awaited<ReturnType<typeof listUsersWithMemberships>>[number];

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

export interface UserValues {
  name: string;
  firstName: string;
  surname: string;
  email: string;
  active: boolean;
  languageId: string | null;
  companyId: number | null;
  passwordHash?: string;
}

export async function insertUserRow(db: Db, values: UserValues): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates the user if it still has the given version; false when it has not. */
export async function updateUserRow(db: Db, id: number, version: number, values: UserValues) {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ ...values, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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

export async function deleteUserRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
