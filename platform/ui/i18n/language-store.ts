import { create } from 'zustand';
import { platformConstants } from '#metadata';

/** A language as listed by `GET api/Language/GetLanguages`. */
export interface LanguageInfo {
  Id: string;
  Name: string;
  /** Millisecond timestamp of the last translation change; busts the translation cache. */
  LastUpdated: number;
}

export interface LanguageState {
  /** Languages the server offers, in its order. */
  languages: LanguageInfo[];
  /** Code of the language in use, e.g. `en-gb` or `fake`. */
  language: string;
  /** True once the first set of translations has loaded (or failed for good). */
  ready: boolean;
}

/**
 * The languages on offer, the one in use and whether translations are ready.
 *
 * @example const ready = useLanguageStore((state) => state.ready);
 */
export const useLanguageStore = create<LanguageState>(() => ({
  languages: [],
  language: platformConstants.defaultLanguage,
  ready: false,
}));

/**
 * Resolves once translations are ready; immediately when they already are.
 *
 * @example await whenTranslationsReady();
 */
export function whenTranslationsReady(): Promise<void> {
  if (useLanguageStore.getState().ready) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = useLanguageStore.subscribe((state) => {
      if (!state.ready) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * True once translations are ready, for screens that must not show raw keys.
 *
 * @example if (!useTranslationsReady()) return <Loader />;
 */
export function useTranslationsReady(): boolean {
  return useLanguageStore((state) => state.ready);
}
