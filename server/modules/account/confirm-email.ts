import type { Kysely } from 'kysely';
import type { ConfirmEmailResult } from '#metadata';
import type { Database } from '../../db/schema';
import { consumeTicket } from './repositories/account-tickets';
import { findAccountUser, markEmailConfirmed } from './repositories/account-users';
import type { HashQueue } from '../../security/hash-queue';
import { readTicket } from './tickets';

/**
 * Confirms a self-registered address with the ticket mailed to it and the password chosen at
 * registration (its browser digest), after which the account signs in. Both are needed: the
 * owner of an address someone else registered does not open that account for them by following
 * the link. The ticket is used up in the same transaction, so the link works once; a wrong
 * password leaves it working.
 */
export async function confirmEmail(
  db: Kysely<Database>,
  hashing: HashQueue,
  token: string,
  password: string,
): Promise<ConfirmEmailResult> {
  const { status, ticket } = await readTicket(db, token, ['confirm']);
  if (status !== 'Valid' || !ticket) return { Succeeded: false, InvalidTicket: true };
  const user = await findAccountUser(db, ticket.userId);
  if (!user) return { Succeeded: false, InvalidTicket: true };
  const matches = user.passwordHash
    ? await hashing.verify(password, user.passwordHash)
    : await hashing.verifyAgainstDummy(password);
  if (!matches) {
    return { Succeeded: false, InvalidPassword: true };
  }
  const done = await db.transaction().execute(async (trx) => {
    if (!(await consumeTicket(trx, ticket.id))) return false;
    await markEmailConfirmed(trx, ticket.userId);
    return true;
  });
  return done ? { Succeeded: true } : { Succeeded: false, InvalidTicket: true };
}
