import type { Kysely } from 'kysely';
import { createHash, randomBytes } from 'node:crypto';
import type { Database, TicketPurpose } from '../../db/schema';
import {
  countTicketsSince,
  findTicket,
  insertTicket,
  lockTicketHolder,
} from './repositories/account-tickets';
import { getSetting } from '../settings/index';

export type TicketStatus = 'Valid' | 'Unknown' | 'Used' | 'Expired';

/** The tickets whose link sets a password (the others only confirm an address). */
export const passwordTicketPurposes = ['reset', 'register'] as const satisfies TicketPurpose[];

/** Only this hash of a ticket is stored; the token itself exists only in the mail. */
export function hashTicketToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How long a new ticket works: setting `Security.TicketHours` (default 24, 1 to 720). */
export async function ticketLifetimeHours(db: Kysely<Database>): Promise<number> {
  const hours = Number(await getSetting<unknown>(db, 'Security.TicketHours', 24));
  return Number.isFinite(hours) ? Math.min(720, Math.max(1, hours)) : 24;
}

/**
 * The least time between two password mails to one account: setting
 * `Security.PasswordMailMinutes` (default 5, 0 to 1440), so nobody's mailbox can be flooded.
 */
export async function passwordMailMinutes(db: Kysely<Database>): Promise<number> {
  const minutes = Number(await getSetting<unknown>(db, 'Security.PasswordMailMinutes', 5));
  return Number.isFinite(minutes) ? Math.min(1440, Math.max(0, minutes)) : 5;
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

/**
 * Issues a password ticket unless the user was given one in the last
 * `Security.PasswordMailMinutes`; null when skipped. Requests for the same user take turns.
 */
export async function issuePasswordTicket(
  db: Kysely<Database>,
  userId: number,
  purpose: (typeof passwordTicketPurposes)[number],
): Promise<IssuedTicket | null> {
  const since = new Date(Date.now() - (await passwordMailMinutes(db)) * 60_000);
  return db.transaction().execute(async (trx) => {
    await lockTicketHolder(trx, userId);
    if ((await countTicketsSince(trx, userId, since, passwordTicketPurposes)) > 0) return null;
    return issueTicket(trx, userId, purpose);
  });
}

/**
 * A ticket as presented in a link, with its status now. A ticket of another purpose than
 * the ones the caller serves reads as unknown: a confirmation link cannot set a password.
 */
export async function readTicket<P extends TicketPurpose>(
  db: Kysely<Database>,
  token: string,
  purposes: readonly P[],
) {
  const serves = (purpose: TicketPurpose): purpose is P =>
    (purposes as readonly TicketPurpose[]).includes(purpose);
  const found = token ? await findTicket(db, hashTicketToken(token)) : undefined;
  const ticket = found && serves(found.purpose) ? { ...found, purpose: found.purpose } : undefined;
  const status: TicketStatus = !ticket
    ? 'Unknown'
    : ticket.usedAt
      ? 'Used'
      : ticket.expiresAt <= new Date()
        ? 'Expired'
        : 'Valid';
  return { status, ticket };
}
