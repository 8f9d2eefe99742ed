import type { TFunction } from 'i18next';
import { problemReportSchema, problemSeverities, type ProblemReport } from '#metadata';

export type ProblemSeverity = (typeof problemSeverities)[number];

/** What the user edits; the rest of the report comes from the session and navigation. */
export interface ProblemReportDraft {
  Severity: ProblemSeverity | null;
  Time: string;
  Email: string;
  Name: string;
  ErrorLog: string;
}

export type DraftField = keyof ProblemReportDraft;

/** A message kept as a key so it follows language changes, or a server text as sent. */
export type FormMessage = { key: string; max?: number } | { text: string };
export type FieldErrors = Partial<Record<DraftField, FormMessage>>;

export function messageText(message: FormMessage, t: TFunction): string {
  return 'text' in message ? message.text : t(message.key, { max: message.max });
}

export interface ReportContext {
  Id: number | null;
  PreviousPage: string;
  Language: string;
}

const rules = problemReportSchema.properties;
const timePattern = new RegExp(rules.Time.pattern);
const emailPattern = new RegExp(rules.Email.pattern);

export function currentTime(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

export function isSeverity(value: string | null): value is ProblemSeverity {
  return problemSeverities.some((severity) => severity === value);
}

export function validateDraft(draft: ProblemReportDraft): FieldErrors {
  const errors: FieldErrors = {};
  const tooLong = (max: number): FormMessage => ({ key: 'REPORT_PROBLEM.TOO_LONG', max });
  if (!draft.Severity) errors.Severity = { key: 'REPORT_PROBLEM.SEVERITY_REQUIRED' };
  if (!timePattern.test(draft.Time.trim())) errors.Time = { key: 'REPORT_PROBLEM.TIME_INVALID' };
  const email = draft.Email.trim();
  if (email.length > rules.Email.maxLength) errors.Email = tooLong(rules.Email.maxLength);
  else if (!emailPattern.test(email)) errors.Email = { key: 'REPORT_PROBLEM.EMAIL_INVALID' };
  if (draft.Name.trim().length > rules.Name.maxLength) errors.Name = tooLong(rules.Name.maxLength);
  const log = draft.ErrorLog.trim();
  if (log.length < rules.ErrorLog.minLength) {
    errors.ErrorLog = { key: 'REPORT_PROBLEM.ERROR_LOG_REQUIRED' };
  } else if (log.length > rules.ErrorLog.maxLength) {
    errors.ErrorLog = tooLong(rules.ErrorLog.maxLength);
  }
  return errors;
}

export function toProblemReport(draft: ProblemReportDraft, context: ReportContext): ProblemReport {
  return {
    ErrorLog: draft.ErrorLog.trim(),
    PreviousPage: context.PreviousPage,
    Severity: draft.Severity ?? 'Minor',
    Time: draft.Time.trim(),
    Id: context.Id,
    Email: draft.Email.trim(),
    Name: draft.Name.trim(),
    Language: context.Language,
  };
}
