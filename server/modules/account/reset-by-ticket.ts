import type { Kysely } from 'kysely';
import type { ResetRegisterTicketResult, TicketUser } from '#metadata';
import type { Database } from '../../db/schema';
import { consumeTicket, retireUserTickets } from './repositories/account-tickets';
import { markEmailConfirmed } from './repositories/account-users';
import { clearLoginFailures } from '../sign-in/index';
import { revokeUserSessions } from '../sign-in/index';
import { updatePasswordHash } from './repositories/users';
import type { HashQueue } from '../../security/hash-queue';
import { isUserNameDigest } from './password-rules';
import { passwordTicketPurposes, readTicket } from './tickets';

/** What the ticket screens show: the ticket's status and, while valid, whose it is. */
export async function ticketUser(db: Kysely<Database>, token: string): Promise<TicketUser> {
  const { status, ticket } = await readTicket(db, token, passwordTicketPurposes);
  if (status !== 'Valid' || !ticket) return { Status: status };
  return {
    Status: status,
    Purpose: ticket.purpose,
    Name: ticket.name,
    Email: ticket.email,
    FullName: [ticket.firstName, ticket.surname].filter(Boolean).join(' ') || ticket.name,
  };
}

/**
 * Sets the password of a ticket's user. The ticket is used up in the same transaction, so a
 * link works once even when it is followed twice at the same moment; every other open ticket
 * and every session of the user end with it. Following the mailed link proves the address,
 * so an account still waiting for its registration to be confirmed is confirmed too.
 */
export async function resetPasswordByTicket(
  db: Kysely<Database>,
  hashing: HashQueue,
  token: string,
  passwordDigest: string,
): Promise<ResetRegisterTicketResult> {
  const { status, ticket } = await readTicket(db, token, passwordTicketPurposes);
  if (status !== 'Valid' || !ticket) return { Succeeded: false, InvalidTicket: true };
  if (isUserNameDigest(passwordDigest, ticket.name)) {
    return { Succeeded: false, UserPasswordInvalid: true };
  }
  // Hashing is slow on purpose: before the transaction, not inside it.
  const passwordHash = await hashing.hash(passwordDigest);
  const done = await db.transaction().execute(async (trx) => {
    if (!(await consumeTicket(trx, ticket.id))) return false;
    await updatePasswordHash(trx, ticket.userId, passwordHash);
    await retireUserTickets(trx, ticket.userId);
    await markEmailConfirmed(trx, ticket.userId);
    await revokeUserSessions(trx, ticket.userId);
    await clearLoginFailures(trx, ticket.name);
    return true;
  });
  return done ? { Succeeded: true } : { Succeeded: false, InvalidTicket: true };
}
