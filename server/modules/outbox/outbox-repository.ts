import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewOutboxMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  templateCode: string | null;
}

export async function insertOutboxMail(db: Db, mail: NewOutboxMail): Promise<number> {
  const row = await db.insertInto('outbox').values(mail).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes an unsent mail for one delivery attempt, unless another attempt on it started after
 * `retryBefore` (so two instances do not send it twice at the same time).
 */
export function claimOutboxMail(db: Db, id: number, retryBefore: Date) {
  return db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lastAttemptAt: new Date() }))
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .where((eb) => eb.or([eb('lastAttemptAt', 'is', null), eb('lastAttemptAt', '<', retryBefore)]))
    .returning(['to', 'subject', 'html', 'text'])
    .executeTakeFirst();
}

export async function markOutboxSent(db: Db, id: number) {
  await db
    .updateTable('outbox')
    .set({ sentAt: new Date(), error: null })
    .where('id', '=', id)
    .execute();
}

export async function markOutboxFailed(db: Db, id: number, error: string) {
  await db.updateTable('outbox').set({ error }).where('id', '=', id).execute();
}

export interface RetryFilter {
  maxAttempts: number;
  /** Only mails whose last attempt started before this. */
  retryBefore: Date;
  /** Only mails stored after this: an old message (an expired link) is not worth sending. */
  createdAfter: Date;
  limit: number;
}

/** Unsent mails worth another attempt, oldest first. */
export async function listRetryableOutboxIds(
  db: Db,
  { maxAttempts, retryBefore, createdAfter, limit }: RetryFilter,
): Promise<number[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('sentAt', 'is', null)
    .where('createdAt', '>', createdAfter)
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('lastAttemptAt', 'is', null), eb('lastAttemptAt', '<', retryBefore)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The newest mails first. */
export function listOutbox(db: Db, limit: number) {
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'to',
      'subject',
      'text',
      'html',
      'templateCode',
      'createdAt',
      'sentAt',
      'attempts',
      'error',
    ])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
