import type { Kysely } from 'kysely';
import type { ProblemReport } from '#metadata';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { escapeHtml } from '../mail/render-template';
import { listAdminEmails, markProblemReportMailed } from '../repositories/problem-reports';
import { getSetting } from '../repositories/settings';

/**
 * Mails a stored problem report to the addresses of setting `Email.ProblemReportsTo` (comma
 * separated), or else to every active administrator. With nobody to tell, the report stays
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

  const lines: Array<[string, string]> = [
    ['Severity', report.Severity],
    ['Time', report.Time],
    ['From', [report.Name, report.Email].filter(Boolean).join(' ') || 'anonymous'],
    ['Previous page', report.PreviousPage ?? ''],
    ['Language', report.Language ?? ''],
  ];
  const text = `${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${report.ErrorLog}`;
  const html =
    `<table>${lines.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` +
    `<pre>${escapeHtml(report.ErrorLog)}</pre>`;
  await mailer.send({
    to: recipients.join(', '),
    subject: `Problem report #${id}: ${report.Severity}`,
    html,
    text,
    templateCode: 'ProblemReport',
  });
  await markProblemReportMailed(db, id);
  return true;
}
