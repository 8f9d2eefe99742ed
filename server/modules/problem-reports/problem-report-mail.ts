import type { Kysely } from 'kysely';
import type { ProblemReport } from '#metadata';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { composeTemplateMail, languageChain } from '../../mail/template-mail';
import { languagesOfAddresses } from '../templates/index';
import { listAdminEmails, markProblemReportMailed } from './problem-reports-repository';
import { getSetting } from '../settings/index';
import { findText } from '../languages/index';

/** The recipients grouped by the language of their account (null: no account, the default). */
async function byLanguage(db: Kysely<Database>, recipients: readonly string[]) {
  const languages = await languagesOfAddresses(db, recipients);
  const groups = new Map<string | null, string[]>();
  for (const address of recipients) {
    const language = languages.get(address.toLowerCase()) ?? null;
    groups.set(language, [...(groups.get(language) ?? []), address]);
  }
  return groups;
}

/**
 * Mails a stored problem report to the addresses of setting `Email.ProblemReportsTo` (comma
 * separated), or else to every active administrator, from the system template `ProblemReport`
 * in each recipient's language (one mail per language). With nobody to tell, the report stays
 * unmailed (mailed_at null) for an administrator to read.
 */
export async function mailProblemReport(
  db: Kysely<Database>,
  mailer: Mailer,
  id: number,
  report: ProblemReport,
): Promise<boolean> {
  const configured = await getSetting(db, 'Email.ProblemReportsTo', '');
  const recipients = configured
    ? configured
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean)
    : await listAdminEmails(db);
  if (recipients.length === 0) return false;

  const code = 'ProblemReport';
  for (const [language, addresses] of await byLanguage(db, recipients)) {
    const languages = languageChain(language);
    const { subject, html, text } = await composeTemplateMail(db, code, languages, {
      ReportId: String(id),
      Severity: report.Severity,
      Time: report.Time,
      ReporterName: report.Name || 'anonymous',
      ReporterEmail: report.Email ?? '',
      PreviousPage: report.PreviousPage ?? '',
      Language: report.Language ?? '',
      ErrorLog: report.ErrorLog,
      AppName: await findText(db, languages[0]!, 'APP.TITLE'),
    });
    await mailer.send({ to: addresses.join(', '), subject, html, text, templateCode: code });
  }
  await markProblemReportMailed(db, id);
  return true;
}
