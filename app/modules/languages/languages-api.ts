import { HttpError, http } from '#platform/ui';

/** One key of a language: its default text and its translation (empty when untranslated). */
export interface TranslationRow {
  Key: string;
  DefaultText: string;
  Translation: string;
}

export interface FakeOptions {
  GenerateLongerFakes: boolean;
  GenerateCompoundFakes: boolean;
}

export interface ImportAnswer {
  ImportedCount: number;
  NotFoundCount: number;
  NotFoundKeys: string[];
}

const base = '/api/Language';

export const loadTranslations = (language: string) =>
  http.get<TranslationRow[]>(`${base}/GetTranslationsByLanguage`, {
    query: { language },
    errorHandling: 'none',
  });

/** Saves edited texts, each with the text it was edited from (a 409 when someone changed it). */
export const saveTranslations = (
  language: string,
  items: { Key: string; Translation: string; OldTranslation: string }[],
) =>
  http.put<{ UpdatedCount: number }>(`${base}/UpdateTranslations`, {
    body: { Language: language, Items: items },
    errorHandling: 'none',
  });

export const exportLanguage = (code: string) =>
  http.get<{ blob: Blob; fileName: string | null }>(`${base}/ExportLanguage`, {
    query: { code },
    responseType: 'file',
    errorHandling: 'none',
  });

export function importLanguage(code: string, file: File): Promise<ImportAnswer> {
  const body = new FormData();
  body.append('file', file);
  return http.post<ImportAnswer>(`${base}/ImportLanguage`, {
    query: { code },
    body,
    errorHandling: 'none',
  });
}

export const loadFakeOptions = () =>
  http.get<FakeOptions>(`${base}/GetFakeLocalization`, { errorHandling: 'none' });

export const saveFakeOptions = (options: FakeOptions) =>
  http.post<FakeOptions>(`${base}/UpdateFakeLocalization`, {
    body: options,
    errorHandling: 'none',
  });

/** The text of a refused call (its Message), else the fallback. */
export function refusalText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const { Message } = error.body as Record<string, unknown>;
    if (typeof Message === 'string' && Message) return Message;
  }
  return fallback;
}
