import type { Kysely, Transaction } from 'kysely';
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

/** Every permission, or those of `ids` (none when empty), by name. */
export async function listPermissions(db: Db, page?: PageKeys) {
  const query = selectPermissions(db);
  if (page) {
    return query.innerJoin(page.as('page'), 'page.k', 'permissions.id').orderBy('page.n').execute();
  }
  return query.orderBy('permissions.name').orderBy('permissions.id').execute();
}
