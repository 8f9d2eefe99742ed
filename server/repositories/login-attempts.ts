import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Failed sign-in attempts counted per login name, whether or not such a user exists, so that
 * lockout and captcha behave the same for unknown names and reveal nothing.
 */
export function findLoginFailures(db: Db, loginName: string) {
  return db
    .selectFrom('loginFailures')
    .select(['failedCount', 'lastFailedAt', 'lockedUntil'])
    .where('loginName', '=', loginName.toLowerCase())
    .executeTakeFirst();
}

export async function recordLoginFailure(
  db: Db,
  loginName: string,
  lockAfter: number,
  lockUntil: Date,
): Promise<{ failedCount: number; lockedUntil: Date | null }> {
  const row = await db
    .insertInto('loginFailures')
    .values({ loginName: loginName.toLowerCase(), failedCount: 1, lastFailedAt: new Date() })
    .onConflict((oc) =>
      oc.column('loginName').doUpdateSet((eb) => ({
        failedCount: eb('loginFailures.failedCount', '+', 1),
        lastFailedAt: new Date(),
      })),
    )
    .returning(['failedCount', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  if (row.failedCount >= lockAfter && !row.lockedUntil) {
    await db
      .updateTable('loginFailures')
      .set({ lockedUntil: lockUntil })
      .where('loginName', '=', loginName.toLowerCase())
      .execute();
    return { failedCount: row.failedCount, lockedUntil: lockUntil };
  }
  return row;
}

export async function clearLoginFailures(db: Db, loginName: string) {
  await db.deleteFrom('loginFailures').where('loginName', '=', loginName.toLowerCase()).execute();
}
