import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PageKeys } from '../odata/index';

type Db = Kysely<Database> | Transaction<Database>;

function selectPermissions(db: Db) {
  return db
    .selectFrom('permissions')
    .select([
      'permissions.id',
      'permissions.code',
      'permissions.name',
      'permissions.isParameterised',
      'permissions.version',
    ]);
}

export function findPermission(db: Db, id: number) {
  return selectPermissions(db).where('permissions.id', '=', id).executeTakeFirst();
}

/** Every permission, or those of `ids` (none when empty), by name. */
export async function listPermissions(db: Db, page?: PageKeys) {
  const query = selectPermissions(db);
  if (page) {
    return query.innerJoin(page.as('page'), 'page.k', 'permissions.id').orderBy('page.n').execute();
  }
  return query.orderBy('permissions.name').orderBy('permissions.id').execute();
}

export async function findExistingPermissionIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('permissions').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Codes compare case-insensitively, as permission expressions do. */
export async function permissionCodeTaken(db: Db, code: string, exceptId: number) {
  const row = await db
    .selectFrom('permissions')
    .select('id')
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PermissionValues {
  code: string;
  name: string;
  isParameterised: boolean;
}

/** Inserts a permission with the next id of the user range (1000 and up). */
export async function insertPermission(db: Db, values: PermissionValues): Promise<number> {
  const { id } = await db
    .insertInto('permissions')
    .values({ ...values, id: sql<number>`nextval('permissions_user_id_seq')` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates the permission if it still has the given version; false when it has not. */
export async function updatePermission(
  db: Db,
  id: number,
  version: number,
  values: PermissionValues,
) {
  const result = await db
    .updateTable('permissions')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deletePermission(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('permissions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
