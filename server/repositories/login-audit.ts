import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, LoginAuditTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertLoginAudit(db: Db, entry: Insertable<LoginAuditTable>) {
  await db.insertInto('loginAudit').values(entry).execute();
}
