import cronstrue from 'cronstrue';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pseudoLocalize } from '#platform/core';
import { intlLocale } from '#platform/ui';

/**
 * cronstrue's locales for the languages an administrator may add (metadata/languages.ts),
 * each loaded only when a user reads the page in it. English is built in; languages
 * cronstrue lacks (Baltic, Greek, Welsh, Irish) read the schedule in English.
 */
const localeLoaders: Readonly<Record<string, () => Promise<unknown>>> = {
  bg: () => import('cronstrue/locales/bg'),
  cs: () => import('cronstrue/locales/cs'),
  da: () => import('cronstrue/locales/da'),
  de: () => import('cronstrue/locales/de'),
  es: () => import('cronstrue/locales/es'),
  fi: () => import('cronstrue/locales/fi'),
  fr: () => import('cronstrue/locales/fr'),
  hr: () => import('cronstrue/locales/hr'),
  hu: () => import('cronstrue/locales/hu'),
  it: () => import('cronstrue/locales/it'),
  nb: () => import('cronstrue/locales/nb'),
  nl: () => import('cronstrue/locales/nl'),
  pl: () => import('cronstrue/locales/pl'),
  pt_BR: () => import('cronstrue/locales/pt_BR'),
  pt_PT: () => import('cronstrue/locales/pt_PT'),
  ro: () => import('cronstrue/locales/ro'),
  sk: () => import('cronstrue/locales/sk'),
  sl: () => import('cronstrue/locales/sl'),
  sr: () => import('cronstrue/locales/sr'),
  sv: () => import('cronstrue/locales/sv'),
  tr: () => import('cronstrue/locales/tr'),
  uk: () => import('cronstrue/locales/uk'),
};

const english = 'en';
const loaded = new Set<string>([english]);

/** cronstrue's locale for a language code: `pt-br` is pt_BR, `pt` pt_PT, `de-at` de, else en. */
export function cronLocaleOf(language: string): string {
  const [base = '', region = ''] = language.toLowerCase().split('-');
  const regional = `${base}_${region.toUpperCase()}`;
  if (localeLoaders[regional]) return regional;
  if (base === 'pt') return 'pt_PT';
  if (base === 'no' || base === 'nn') return 'nb';
  return localeLoaders[base] ? base : english;
}

function uses24Hours(language: string): boolean {
  const { hourCycle } = new Intl.DateTimeFormat(intlLocale(language), {
    hour: 'numeric',
  }).resolvedOptions();
  return hourCycle === 'h23' || hourCycle === 'h24';
}

/** A cron expression in words in cronstrue's `locale`, or null when it cannot read it. */
export function cronInWords(cron: string, locale: string, use24HourTimeFormat: boolean) {
  try {
    return cronstrue.toString(cron, {
      locale,
      use24HourTimeFormat,
      throwExceptionOnParseError: true,
    });
  } catch {
    return null;
  }
}

/**
 * Puts cron expressions into words in the user's language: '' until its locale has loaded,
 * null for a schedule it cannot read. The pseudo language gets pseudo words.
 */
export function useCronWords(): (cron: string) => string | null {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const locale = cronLocaleOf(language);
  const [ready, setReady] = useState<string | null>(() => (loaded.has(locale) ? locale : null));

  useEffect(() => {
    let live = true;
    if (loaded.has(locale)) setReady(locale);
    else {
      setReady(null);
      const load = localeLoaders[locale] ?? (() => Promise.resolve());
      load().then(
        () => {
          loaded.add(locale);
          if (live) setReady(locale);
        },
        () => live && setReady(english),
      );
    }
    return () => {
      live = false;
    };
  }, [locale]);

  const hours24 = uses24Hours(language);
  return (cron) => {
    if (ready === null) return '';
    const words = cronInWords(cron, ready, hours24);
    return words && language === 'fake' ? pseudoLocalize(words) : words;
  };
}
