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

/** The answer of a reset, and whose ticket it was (null for an unknown or spent one). */
export interface TicketReset {
  answer: ResetRegisterTicketResult;
  owner: { id: number; name: string } | null;
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
): Promise<TicketReset> {
  const { status, ticket } = await readTicket(db, token, passwordTicketPurposes);
  if (status !== 'Valid' || !ticket) {
    return { answer: { Succeeded: false, InvalidTicket: true }, owner: null };
  }
  const owner = { id: ticket.userId, name: ticket.name };
  if (isUserNameDigest(passwordDigest, ticket.name)) {
    return { answer: { Succeeded: false, UserPasswordInvalid: true }, owner };
  }
  // Hashing is slow on purpose: before the transaction, not inside it.
  // The mailed link is the proof: served before anonymous sign-in attempts.
  const passwordHash = await hashing.hash(passwordDigest, 'trusted');
  const done = await db.transaction().execute(async (trx) => {
    if (!(await consumeTicket(trx, ticket.id))) return false;
    await updatePasswordHash(trx, ticket.userId, passwordHash);
    await retireUserTickets(trx, ticket.userId);
    await markEmailConfirmed(trx, ticket.userId);
    await revokeUserSessions(trx, ticket.userId);
    await clearLoginFailures(trx, ticket.name);
    return true;
  });
  return { answer: done ? { Succeeded: true } : { Succeeded: false, InvalidTicket: true }, owner };
}
