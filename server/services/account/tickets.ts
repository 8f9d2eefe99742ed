import type { Kysely } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { Database, TicketPurpose } from '../../db/schema';
import { findTicket, insertTicket } from '../../repositories/account-tickets';
import { getSetting } from '../../repositories/settings';

export type TicketStatus = 'Valid' | 'Unknown' | 'Used' | 'Expired';

/** Only this hash of a ticket is stored; the token itself exists only in the mail. */
export function hashTicketToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How long a new ticket works: setting `Security.TicketHours` (default 24, 1 to 720). */
export async function ticketLifetimeHours(db: Kysely<Database>): Promise<number> {
  const hours = Number(await getSetting<unknown>(db, 'Security.TicketHours', 24));
  return Number.isFinite(hours) ? Math.min(720, Math.max(1, hours)) : 24;
}

export interface IssuedTicket {
  /** 32 random bytes, base64url: goes into the link, never into the database. */
  token: string;
  hours: number;
}

export async function issueTicket(
  db: Kysely<Database>,
  userId: number,
  purpose: TicketPurpose,
): Promise<IssuedTicket> {
  const token = randomBytes(32).toString('base64url');
  const hours = await ticketLifetimeHours(db);
  await insertTicket(db, {
    tokenHash: hashTicketToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  return { token, hours };
}

/** A ticket as presented in a link, with its status now. */
export async function readTicket(db: Kysely<Database>, token: string) {
  const ticket = token ? await findTicket(db, hashTicketToken(token)) : undefined;
  const status: TicketStatus = !ticket
    ? 'Unknown'
    : ticket.usedAt
      ? 'Used'
      : ticket.expiresAt <= new Date()
        ? 'Expired'
        : 'Valid';
  return { status, ticket };
}
