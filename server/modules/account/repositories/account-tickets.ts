import type { Kysely, Transaction } from 'kysely';
import type { Database, TicketPurpose } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewTicket {
  tokenHash: string;
  userId: number;
  purpose: TicketPurpose;
  expiresAt: Date;
}

/** Stores a ticket bound to the address the account has now (see findTicket). */
export async function insertTicket(db: Db, ticket: NewTicket) {
  await db
    .insertInto('accountTickets')
    .values((eb) => ({
      ...ticket,
      email: eb.selectFrom('users').select('email').where('id', '=', ticket.userId),
    }))
    .execute();
}

/** A ticket by the hash of its token, with the user it belongs to. */
export function findTicket(db: Db, tokenHash: string) {
  return (
    db
      .selectFrom('accountTickets')
      .innerJoin('users', 'users.id', 'accountTickets.userId')
      .select([
        'accountTickets.id',
        'accountTickets.purpose',
        'accountTickets.expiresAt',
        'accountTickets.usedAt',
        'users.id as userId',
        'users.name',
        'users.email',
        'users.firstName',
        'users.surname',
        'users.active',
      ])
      .where('accountTickets.tokenHash', '=', tokenHash)
      // A link mailed to an address the account has left since is no longer the account's.
      .where((eb) =>
        eb.or([
          eb('accountTickets.email', 'is', null),
          eb(eb.fn('lower', ['accountTickets.email']), '=', eb.fn('lower', ['users.email'])),
        ]),
      )
      .executeTakeFirst()
  );
}

/** Marks a ticket used if it still can be; false when it was used or expired meanwhile. */
export async function consumeTicket(db: Db, id: number): Promise<boolean> {
  const now = new Date();
  const row = await db
    .updateTable('accountTickets')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every open ticket of a user (their password has just been set). */
export async function retireUserTickets(db: Db, userId: number) {
  await db
    .updateTable('accountTickets')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}

/** How many tickets of these purposes the user was given after `since`. */
export async function countTicketsSince(
  db: Db,
  userId: number,
  since: Date,
  purposes: readonly TicketPurpose[],
): Promise<number> {
  const row = await db
    .selectFrom('accountTickets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('purpose', 'in', purposes)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Holds the user's row until the transaction ends, so two requests deciding whether to issue
 * the user a ticket take turns instead of both deciding yes.
 */
export async function lockTicketHolder(trx: Transaction<Database>, userId: number) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
