import type { Page } from '@playwright/test';
import { loginAuditEvents, loginResultSchema } from '../../../metadata';

/** A translation key: ROUTES.HOME, GRID.ACTION.NEW. */
const translationKey = /\b[A-Z][A-Z0-9_]+\.[A-Z0-9_.]+\b/;
/** A user-defined table's physical name. */
const userTableName = /\bUserTable\d+\b/;

/**
 * The codes the server answers with where a user reads a message: the sign-in's failure flags
 * (InvalidPassword, UserNotFound, ...), the login audit's events, and the spec's AlreadyExists.
 */
export const messageCodes: readonly string[] = [
  ...Object.keys(loginResultSchema.properties).filter(
    (flag) => !['Succeeded', 'CaptchaRequired', 'LockedForSeconds'].includes(flag),
  ),
  ...loginAuditEvents,
  'AlreadyExists',
  'UsernameAlreadyExists',
];
const codePattern = new RegExp(`\\b(${messageCodes.join('|')})\\b`);

/** What a token in a text is, or undefined when it reads as words. */
export function internalToken(text: string): string | undefined {
  for (const pattern of [translationKey, userTableName, codePattern]) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return undefined;
}

/**
 * What a user reads or hears on the page: its visible text (line by line), and the accessible
 * names and hints of its elements (`aria-label`, `title`, `placeholder`, `alt`).
 */
export function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = document.body.innerText.split('\n');
    for (const element of Array.from(
      document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'),
    )) {
      if (element.closest('[aria-hidden="true"]') && !element.closest('[role="dialog"]')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

/** The internal tokens the page shows, as `token in "text"` lines. */
export async function internalsShown(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await shownTexts(page)) {
    const token = internalToken(text);
    if (token) found.add(`${token} in "${text.slice(0, 120)}"`);
  }
  return [...found];
}
