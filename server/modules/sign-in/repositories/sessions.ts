import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../../db/compiled-once';
import type { Database } from '../../../db/schema';
import { userColumns, userIsAdmin, userPermissionCodes, userRoleIds } from '../../account/index';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewSession {
  id: string;
  userId: number;
  remember: boolean;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Db, session: NewSession) {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * A session with its user as the browser sees them, the user's company, permission codes and
 * role ids (for row rules): one round trip, as every signed-in request needs it.
 */
const sessionWithUser = compiledOnce((db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select((eb) => [
      'sessions.id as sessionId',
      'sessions.remember',
      'sessions.lastSeenAt',
      'sessions.expiresAt',
      'sessions.revokedAt',
      ...userColumns,
      'users.companyId',
      userIsAdmin(eb),
      userPermissionCodes(eb),
      userRoleIds(eb),
    ])
    .where('sessions.id', '=', id),
);

export async function findSessionWithUser(db: Db, id: string) {
  const [session] = await sessionWithUser(db, id);
  return session;
}

export async function touchSession(db: Db, id: string, now: Date, expiresAt?: Date) {
  await db
    .updateTable('sessions')
    .set({ lastSeenAt: now, ...(expiresAt ? { expiresAt } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function revokeSession(db: Db, id: string) {
  await db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every session of a user, optionally keeping one (the one changing the password). */
export async function revokeUserSessions(db: Db, userId: number, exceptId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}
