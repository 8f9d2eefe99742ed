import type { Kysely } from 'kysely';
import { platformConstants } from '#metadata';
import type { Database, TicketPurpose } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { composeTemplateMail, languageChain } from '../../mail/template-mail';
import { findText } from '../languages/index';
import { ticketLink } from './links';
import { issuePasswordTicket, issueTicket, type IssuedTicket } from './tickets';

export interface AccountMailContext {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Where links in mails point (see appBaseUrl). */
  baseUrl: string;
}

export interface MailRecipient {
  id: number;
  name: string;
  email: string;
  firstName: string;
  surname: string;
  languageId: string | null;
}

/** A recipient of a password mail: whether they ever had a password decides which link. */
export interface PasswordMailRecipient extends MailRecipient {
  passwordHash: string | null;
}

const templateByPurpose = {
  reset: 'PasswordReset',
  register: 'Registration',
  confirm: 'EmailConfirmation',
} as const satisfies Record<TicketPurpose, string>;

/**
 * Issues a ticket and mails its link with the system template of its purpose, in the
 * recipient's language (else the given one), falling back to the default language's template
 * and then to the release's own text.
 */
export async function mailTicket(
  context: AccountMailContext,
  user: MailRecipient,
  purpose: TicketPurpose,
  languageHint: string | null | undefined,
): Promise<void> {
  await sendTicketMail(context, user, purpose, languageHint, () =>
    issueTicket(context.db, user.id, purpose),
  );
}

/**
 * Mails the reset link, or the registration link to an account that never had a password,
 * unless the account was sent one within `Security.PasswordMailMinutes`: then nothing is
 * sent and the answer is false.
 */
export async function mailPasswordTicket(
  context: AccountMailContext,
  user: PasswordMailRecipient,
  languageHint: string | null | undefined,
): Promise<boolean> {
  const purpose = user.passwordHash ? 'reset' : 'register';
  return sendTicketMail(context, user, purpose, languageHint, () =>
    issuePasswordTicket(context.db, user.id, purpose),
  );
}

async function sendTicketMail(
  { db, mailer, baseUrl }: AccountMailContext,
  user: MailRecipient,
  purpose: TicketPurpose,
  languageHint: string | null | undefined,
  issue: () => Promise<IssuedTicket | null>,
): Promise<boolean> {
  const language = user.languageId ?? languageHint ?? platformConstants.defaultLanguage;
  const code = templateByPurpose[purpose];
  const issued = await issue();
  if (!issued) return false;
  const fullName = [user.firstName, user.surname].filter(Boolean).join(' ');
  const { subject, html, text } = await composeTemplateMail(db, code, languageChain(language), {
    UserName: fullName || user.name,
    Login: user.name,
    Link: ticketLink(baseUrl, purpose, issued.token),
    ExpiryHours: String(issued.hours),
    AppName: await findText(db, language, 'APP.TITLE'),
  });
  await mailer.send({ to: user.email, subject, html, text, templateCode: code });
  return true;
}
