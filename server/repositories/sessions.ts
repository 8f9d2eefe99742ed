import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

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

export function findSession(db: Db, id: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'userId', 'remember', 'lastSeenAt', 'expiresAt', 'revokedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
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
