import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Failed sign-in attempts counted per login name, whether or not such a user exists, so that
 * lockout and captcha behave the same for unknown names and reveal nothing.
 *
 * An attempt counts itself as a failure before its password is checked, in one statement, so
 * that parallel attempts each see every attempt before them: `failedCount` is the attempt's
 * place. While a lock runs the count stays as it is; a lapsed lock starts it again at one.
 */
export function reserveLoginFailure(db: Db, loginName: string, now: Date) {
  return db
    .insertInto('loginFailures')
    .values({ loginName: loginName.toLowerCase(), failedCount: 1, lastFailedAt: now })
    .onConflict((oc) =>
      oc.column('loginName').doUpdateSet((eb) => {
        const lockRuns = eb('loginFailures.lockedUntil', '>', now);
        const lockLapsed = eb('loginFailures.lockedUntil', '<=', now);
        return {
          failedCount: eb
            .case()
            .when(lockRuns)
            .then(eb.ref('loginFailures.failedCount'))
            .when(lockLapsed)
            .then(1)
            .else(eb('loginFailures.failedCount', '+', 1))
            .end(),
          lastFailedAt: eb
            .case()
            .when(lockRuns)
            .then(eb.ref('loginFailures.lastFailedAt'))
            .else(now)
            .end(),
          lockedUntil: eb
            .case()
            .when(lockLapsed)
            .then(null)
            .else(eb.ref('loginFailures.lockedUntil'))
            .end(),
        };
      }),
    )
    .returning(['failedCount', 'lockedUntil'])
    .executeTakeFirstOrThrow();
}

/** Takes back the failure an attempt reserved when its password was never checked. */
export async function releaseLoginFailure(db: Db, loginName: string) {
  await db
    .updateTable('loginFailures')
    .set((eb) => ({ failedCount: eb('failedCount', '-', 1) }))
    .where('loginName', '=', loginName.toLowerCase())
    .where('failedCount', '>', 0)
    .execute();
}

/**
 * Locks the name until the given time unless it is locked already; returns the lock in force,
 * or null when a sign-in has cleared the failures meanwhile.
 */
export async function lockLoginName(db: Db, loginName: string, until: Date) {
  const row = await db
    .updateTable('loginFailures')
    .set((eb) => ({ lockedUntil: eb.fn.coalesce('lockedUntil', eb.val(until)) }))
    .where('loginName', '=', loginName.toLowerCase())
    .returning('lockedUntil')
    .executeTakeFirst();
  return row?.lockedUntil ?? null;
}

export async function clearLoginFailures(db: Db, loginName: string) {
  await db.deleteFrom('loginFailures').where('loginName', '=', loginName.toLowerCase()).execute();
}
