import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The material whose code is identical (ignoring case and surrounding space) to `code`. */
export function findMaterialByCode(db: Db, code: string) {
  return db
    .selectFrom('materials')
    .select(['id', 'code', 'active'])
    .where((eb) => eb(eb.fn('upper', ['code']), '=', code.trim().toUpperCase()))
    .executeTakeFirst();
}
