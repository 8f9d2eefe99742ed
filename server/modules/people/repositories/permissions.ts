import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

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

/** Every permission, by name. */
export async function listPermissions(db: Db) {
  return selectPermissions(db).orderBy('permissions.name').orderBy('permissions.id').execute();
}
