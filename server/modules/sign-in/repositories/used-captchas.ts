import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Marks a solved challenge used; false when it was used before (a replay). */
export async function claimCaptcha(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('usedCaptchas').where('expiresAt', '<', new Date()).execute();
  const inserted = await db
    .insertInto('usedCaptchas')
    .values({ signature, expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}
