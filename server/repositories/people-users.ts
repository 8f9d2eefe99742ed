import { sql, type Kysely, type Transaction } from 'kysely';
import type { SortField } from '#metadata';
import type { Database } from '../db/schema';
import { userColumns, userIsAdmin } from './users';

type Db = Kysely<Database> | Transaction<Database>;

type UserColumn =
  | 'users.id'
  | 'users.name'
  | 'users.firstName'
  | 'users.surname'
  | 'users.email'
  | 'users.active'
  | 'users.languageId'
  | 'companies.companyName';

/** What each sortable field of the users list sorts by. */
export const userSortColumns = {
  Id: ['users.id'],
  Name: ['users.name'],
  FirstName: ['users.firstName'],
  Surname: ['users.surname'],
  FullName: ['users.firstName', 'users.surname'],
  Email: ['users.email'],
  Active: ['users.active'],
  Language: ['users.languageId'],
  Company: ['companies.companyName'],
} as const satisfies Record<SortField<'users'>, readonly UserColumn[]>;

export interface UserPage {
  limit: number;
  offset: number;
  orderBy: readonly { column: UserColumn; desc: boolean }[];
}

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

export async function listUsers(db: Db, page?: UserPage) {
  let query = selectUsers(db);
  if (!page) return query.orderBy('users.name').orderBy('users.id').execute();
  for (const { column, desc } of page.orderBy) query = query.orderBy(column, desc ? 'desc' : 'asc');
  return query.orderBy('users.id').limit(page.limit).offset(page.offset).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
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
