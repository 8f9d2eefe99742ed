import type { Kysely } from 'kysely';
import { platformConstants } from '#metadata';
import type { Database } from '../db/schema';
import { findEmailTemplate } from '../modules/templates/index';
import { type RenderedMail, renderTemplate } from './render-template';
import { builtInTemplate } from '../modules/templates/index';

export interface TemplateMail extends RenderedMail {
  templateCode: string;
  /** The language of the template the mail was made from; null for the built-in text. */
  language: string | null;
}

/** The languages to look for, in order, ending with the default one; no blanks, no repeats. */
export function languageChain(...preferred: Array<string | null | undefined>): string[] {
  const chain = [...preferred, platformConstants.defaultLanguage].filter(
    (language): language is string => typeof language === 'string' && language !== '',
  );
  return [...new Set(chain)];
}

/**
 * A mail from the template of this code in the first of the languages that has one (the
 * default language last), else from the release's own text of a system template; sanitised,
 * the parameters escaped, with its plain-text part.
 *
 * @example await composeTemplateMail(db, 'PasswordReset', languageChain(user.languageId), values)
 */
export async function composeTemplateMail(
  db: Kysely<Database>,
  code: string,
  languages: readonly string[],
  parameters: Record<string, string>,
): Promise<TemplateMail> {
  const stored = await findEmailTemplate(db, code, languages);
  const template = stored ?? builtInTemplate(code);
  if (!template) throw new Error(`The e-mail template ${code} is missing.`);
  return {
    ...renderTemplate(template, parameters),
    templateCode: code,
    language: stored?.languageId ?? null,
  };
}
