import { platformConstants } from '#metadata';
import type { LanguageInfo } from './language-store';

export interface LanguageCandidates {
  /** Value of the `language` cookie. */
  cookie?: string | null;
  /** Language of the signed-in user's profile. */
  user?: string | null;
  /** Languages the server offers; when empty every candidate is trusted. */
  available: readonly LanguageInfo[];
}

/**
 * Picks the language to start in: the cookie, else the user's language, else en-gb.
 * A candidate the server does not offer is skipped.
 *
 * @example resolveLanguage({ cookie: undefined, user: 'fake', available }) // 'fake'
 */
export function resolveLanguage({ cookie, user, available }: LanguageCandidates): string {
  const offered = (code: string) =>
    available.length === 0 || available.some((language) => language.Id === code);
  for (const candidate of [cookie, user]) {
    const code = candidate?.trim().toLowerCase();
    if (code && offered(code)) return code;
  }
  return platformConstants.defaultLanguage;
}

/**
 * The cache-busting version of a language's translation file: its LastUpdated, or for a
 * language not listed (such as `default`) the newest LastUpdated of all.
 */
export function translationVersion(code: string, available: readonly LanguageInfo[]): number {
  const listed = available.find((language) => language.Id === code);
  if (listed) return listed.LastUpdated;
  return available.reduce((newest, language) => Math.max(newest, language.LastUpdated), 0);
}

/** The BCP 47 tag for the page's `lang` attribute; `fake` and `default` are en-GB. */
export function htmlLanguageTag(code: string): string {
  const special: readonly string[] = [
    platformConstants.fakeLanguage,
    platformConstants.fallbackLanguage,
  ];
  const tag = special.includes(code) ? platformConstants.defaultLanguage : code;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}
