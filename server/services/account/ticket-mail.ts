import type { Kysely } from 'kysely';
import { platformConstants } from '#metadata';
import type { Database, TicketPurpose } from '../../db/schema';
import { systemTemplateCodes } from '../../mail/system-templates';
import type { Mailer } from '../../mail/mailer';
import { renderTemplate } from '../../mail/render-template';
import { findEmailTemplate } from '../../repositories/email-templates';
import { findText } from '../../repositories/translation-lookup';
import { ticketLink } from './links';
import { issueTicket } from './tickets';

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

const templateByPurpose = {
  reset: systemTemplateCodes.passwordReset,
  register: systemTemplateCodes.registration,
} as const;

/**
 * Issues a ticket and mails its link with the system template of its purpose, in the
 * recipient's language (else the given one, else the default).
 */
export async function mailTicket(
  { db, mailer, baseUrl }: AccountMailContext,
  user: MailRecipient,
  purpose: TicketPurpose,
  languageHint: string | null | undefined,
): Promise<void> {
  const language = user.languageId ?? languageHint ?? platformConstants.defaultLanguage;
  const code = templateByPurpose[purpose];
  const template = await findEmailTemplate(db, code, [language, platformConstants.defaultLanguage]);
  if (!template) throw new Error(`The e-mail template ${code} is missing.`);
  const { token, hours } = await issueTicket(db, user.id, purpose);
  const fullName = [user.firstName, user.surname].filter(Boolean).join(' ');
  const mail = renderTemplate(template, {
    UserName: fullName || user.name,
    Login: user.name,
    Link: ticketLink(baseUrl, purpose, token),
    ExpiryHours: String(hours),
    AppName: await findText(db, language, 'APP.TITLE'),
  });
  await mailer.send({ to: user.email, ...mail, templateCode: code });
}
