import { HttpError } from '#platform/ui';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the screen shows inline for a refused import (a 4xx): the wrong-format message, the
 * row and column of a formula cell, or the server's own text. Null for other failures.
 */
export function importFailureText(error: unknown, t: Translate): string | null {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return null;
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
    Message?: unknown;
    Formula?: unknown;
    Errors?: { Field?: unknown }[];
  };
  const message = typeof body.Message === 'string' ? body.Message : '';
  if (message.startsWith('PAGES.LANGUAGES.')) return t(message);
  if (body.Formula === true) {
    const field = String(body.Errors?.[0]?.Field ?? '');
    const [, column = '', row = ''] = /^(\w+)\[(\d+)\]$/.exec(field) ?? [];
    return t('PAGES.LANGUAGES.IMPORT.FORMULA', { row, column });
  }
  return message || t('PAGES.LANGUAGES.IMPORT.FAILED');
}
