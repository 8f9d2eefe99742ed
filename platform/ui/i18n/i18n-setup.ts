import i18next, { type i18n } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { cookieNames } from '#metadata';
import { readCookie } from '../cookies';
import { htmlLanguageTag, resolveLanguage, translationVersion } from './language-resolution';
import { useLanguageStore, type LanguageInfo } from './language-store';

/** Server paths of the language list and of one language's flat translation file. */
export const i18nPaths = {
  languages: '/api/Language/GetLanguages',
  translations: (code: string, version: number) =>
    `/api/Language/translations/${encodeURIComponent(code)}?v=${version}`,
};

export interface InitI18nOptions {
  /** The signed-in user's language, used when no language cookie exists. */
  userLanguage?: string | null;
}

/** The i18next instance the application translates with. */
export const appI18n: i18n = i18next;

let started: Promise<void> | null = null;
let languagesRequest: Promise<LanguageInfo[]> | null = null;

async function fetchLanguages(cache: RequestCache = 'default'): Promise<LanguageInfo[]> {
  try {
    const response = await fetch(i18nPaths.languages, {
      headers: { Accept: 'application/json' },
      cache,
    });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const languages: unknown = await response.json();
    return Array.isArray(languages) ? (languages as LanguageInfo[]) : [];
  } catch (error) {
    console.warn('Languages could not be loaded; continuing in the default language.', error);
    return [];
  }
}

function followLanguage(language: string): void {
  useLanguageStore.setState({ language });
  document.documentElement.lang = htmlLanguageTag(language);
}

/**
 * Starts listing the languages before `initI18n` is called, so the list does not wait for
 * what picks the language (the signed-in user); `initI18n` uses this request.
 *
 * @example preloadLanguages(); await loadSession(); await initI18n({ userLanguage });
 */
export function preloadLanguages(): Promise<LanguageInfo[]> {
  languagesRequest ??= fetchLanguages();
  return languagesRequest;
}

async function start(options: InitI18nOptions): Promise<void> {
  const languages = await preloadLanguages();
  useLanguageStore.setState({ languages });
  const language = resolveLanguage({
    cookie: readCookie(cookieNames.language),
    user: options.userLanguage,
    available: languages,
  });
  appI18n.on('languageChanged', followLanguage);
  try {
    await appI18n
      .use(HttpBackend)
      .use(initReactI18next)
      .init<HttpBackendOptions>({
        lng: language,
        // A language's file already holds the default text of every key it does not
        // translate (server: buildTranslationFile): one file per language, no fallback file.
        fallbackLng: false,
        load: 'currentOnly',
        lowerCaseLng: true,
        keySeparator: false,
        nsSeparator: false,
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
        backend: {
          // The list as it stands now: refreshLanguages moves a language's version.
          loadPath: ([code = language]) =>
            i18nPaths.translations(
              code,
              translationVersion(code, useLanguageStore.getState().languages),
            ),
        },
      });
  } finally {
    followLanguage(appI18n.language || language);
    useLanguageStore.setState({ ready: true });
  }
}

/**
 * Starts translations: lists the languages, picks one (cookie, else `userLanguage`, else
 * en-gb) and loads its one translation file (every key, untranslated ones in their default
 * text), with its LastUpdated as the
 * cache-busting `v`. Calling it again returns the first call's promise.
 *
 * @example await initI18n({ userLanguage: user?.Language });
 */
export function initI18n(options: InitI18nOptions = {}): Promise<void> {
  started ??= start(options);
  return started;
}

/**
 * Lists the languages again after one was added, deleted or had its texts changed, and reloads
 * the texts in use when their version (LastUpdated) moved, so the change shows at once, without
 * reloading the page.
 *
 * @example await saveTranslations(code, items); await refreshLanguages();
 */
export async function refreshLanguages(): Promise<void> {
  const before = useLanguageStore.getState().languages;
  const languages = await fetchLanguages('no-store');
  if (languages.length === 0) return;
  languagesRequest = Promise.resolve(languages);
  useLanguageStore.setState({ languages });
  if (!appI18n.isInitialized) return;
  const code = appI18n.language;
  if (translationVersion(code, before) === translationVersion(code, languages)) return;
  await appI18n.reloadResources([code]);
  // Screens re-render on languageChanged: the same language again, with its new texts.
  await appI18n.changeLanguage(appI18n.language);
}
