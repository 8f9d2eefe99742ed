import type { EmailTemplateView, TemplatePreview, TemplateSampleRequest } from '#metadata';
import { http } from '#platform/ui';

export type TemplateRow = EmailTemplateView & Record<string, unknown>;

const base = '/api/EmailTemplate';

/** The template in a language: itself, its translation, or a new translation (Id 0) to save. */
export function loadTemplate(id: string, language: string | null): Promise<TemplateRow> {
  return http.get<TemplateRow>(`${base}/GetTemplateById/${encodeURIComponent(id)}`, {
    query: { language: language ?? undefined },
  });
}

/** Saves; refusals come back as HttpError (400 with Errors, 409 when stale). */
export function saveTemplate(row: TemplateRow): Promise<TemplateRow> {
  // A new row (or translation) has no version yet.
  const { Version, ...rest } = row;
  const body = row.Id ? { ...rest, Version } : rest;
  return http.post<TemplateRow>(`${base}/SaveTemplate`, { body, errorHandling: 'none' });
}

/** What the editor shows or mails: the stored template by id, with the unsaved texts over it. */
export function sampleOf(row: TemplateRow): TemplateSampleRequest {
  return {
    ...(row.Id ? { Id: row.Id } : {}),
    Language: row.Language,
    Subject: row.Subject ?? '',
    Body: row.Body ?? '',
    Parameters: (row.Parameters ?? []).filter((p) => p.Title),
  };
}

export function previewTemplate(row: TemplateRow, signal?: AbortSignal): Promise<TemplatePreview> {
  return http.post<TemplatePreview>(`${base}/PreviewTemplate`, {
    body: sampleOf(row),
    signal,
    errorHandling: 'none',
  });
}

export function sendTestMail(row: TemplateRow): Promise<{ ErrorMessage: string | null }> {
  return http.post(`${base}/SendTestMail`, { body: sampleOf(row), errorHandling: 'none' });
}

export interface LanguageOption {
  Id: string;
  Name: string;
}

export function loadLanguages(): Promise<LanguageOption[]> {
  return http.get<LanguageOption[]>('/api/Language/GetLanguages');
}
