import type { i18n } from 'i18next';
import { cookieNames } from '#metadata';
import { writePermanentCookie } from '../cookies';
import { appI18n } from './i18n-setup';

/**
 * Switches the language and remembers the choice in the permanent `language` and
 * `language_set_time` cookies. Resolves once the new texts are in use.
 *
 * @example await setLanguage('fake');
 */
export async function setLanguage(code: string, instance: i18n = appI18n): Promise<void> {
  writePermanentCookie(cookieNames.language, code);
  writePermanentCookie(cookieNames.languageSetTime, String(Date.now()));
  await instance.changeLanguage(code);
}
