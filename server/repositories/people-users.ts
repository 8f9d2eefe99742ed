import { type ExpressionBuilder, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { userColumns, userIsAdmin } from './users';

type Db = Kysely<Database> | Transaction<Database>;

/** Users of one company only; a null company matches nobody. */
export interface CompanyScope {
  companyId: number | null;
}

/**
 * A `where` keeping the users of a scope's company.
 *
 * @example query.where(usersOfCompany({ companyId: 1 }))
 */
export const usersOfCompany =
  (scope: CompanyScope) => (eb: ExpressionBuilder<Database, 'users'>) =>
    scope.companyId === null ? eb.lit(false) : eb('users.companyId', '=', scope.companyId);

function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select((eb) => [
      ...userColumns,
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

/** Every user (or those of `ids`, none when empty), within `scope` when given, by name. */
export async function listUsers(db: Db, ids?: readonly number[], scope?: CompanyScope | null) {
  let query = selectUsers(db);
  if (scope) query = query.where(usersOfCompany(scope));
  if (ids)
    query = query.where((eb) => (ids.length > 0 ? eb('users.id', 'in', ids) : eb.lit(false)));
  return query.orderBy('users.name').orderBy('users.id').execute();
}

export async function findUserCompanyId(db: Db, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('companyId')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.companyId ?? null;
}

/** Every user by name, for checkbox lists of members. */
export function listUserNames(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'firstName', 'surname'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findExistingUserIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Whether another account already has this name, compared case-insensitively. */
export async function userNameTaken(db: Db, name: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
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
