import type { Kysely } from 'kysely';
import type { ConfirmEmailResult } from '#metadata';
import type { Database } from '../../db/schema';
import { consumeTicket } from '../../repositories/account-tickets';
import { markEmailConfirmed } from '../../repositories/account-users';
import { readTicket } from './tickets';

/**
 * Confirms a self-registered address with the ticket mailed to it, after which the account
 * signs in. The ticket is used up in the same transaction, so the link works once.
 */
export async function confirmEmail(
  db: Kysely<Database>,
  token: string,
): Promise<ConfirmEmailResult> {
  const { status, ticket } = await readTicket(db, token, ['confirm']);
  if (status !== 'Valid' || !ticket) return { Succeeded: false, InvalidTicket: true };
  const done = await db.transaction().execute(async (trx) => {
    if (!(await consumeTicket(trx, ticket.id))) return false;
    await markEmailConfirmed(trx, ticket.userId);
    return true;
  });
  return done ? { Succeeded: true } : { Succeeded: false, InvalidTicket: true };
}
