export interface LanguageSeed {
  Id: string;
  Name: string;
  AngularCulture: string;
  KendoCulture: string;
}

/** Languages present on every installation. `fake` is en-gb pseudo-localised, for testing. */
export const seedLanguages: LanguageSeed[] = [
  { Id: 'en-gb', Name: 'English (UK)', AngularCulture: 'en-GB', KendoCulture: 'en-GB' },
  { Id: 'fake', Name: 'Fake (pseudo-localised)', AngularCulture: 'en', KendoCulture: 'en' },
];

/** A language code: lower-case, e.g. `de`, `de-de`, `sr-latn-rs`. */
export const languageCodePattern = '^[a-z]{2,3}(-[a-z0-9]{2,8})*$';

/**
 * The cultures a language's dates and numbers may follow (`GetAvailableAngularCultures`,
 * `GetAvailableKendoCultures`): the common locale codes, kept by hand. `en` is the default.
 */
export const availableCultures: readonly string[] = [
  'en',
  'en-GB',
  'en-US',
  'en-IE',
  'de',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr',
  'fr-FR',
  'fr-BE',
  'fr-CH',
  'nl',
  'nl-NL',
  'nl-BE',
  'it',
  'it-IT',
  'es',
  'es-ES',
  'pt',
  'pt-PT',
  'pt-BR',
  'pl',
  'pl-PL',
  'cs',
  'cs-CZ',
  'sk',
  'sk-SK',
  'hu',
  'hu-HU',
  'ro',
  'ro-RO',
  'sl',
  'sl-SI',
  'hr',
  'hr-HR',
  'sr',
  'sr-Latn-RS',
  'bg',
  'bg-BG',
  'da',
  'da-DK',
  'sv',
  'sv-SE',
  'nb',
  'nb-NO',
  'fi',
  'fi-FI',
  'lt',
  'lt-LT',
  'lv',
  'lv-LV',
  'et',
  'et-EE',
  'el',
  'el-GR',
  'tr',
  'tr-TR',
  'uk',
  'uk-UA',
  'cy',
  'cy-GB',
  'ga',
  'ga-IE',
];

/** The most rows an import or a translation save takes at once. */
export const maxTranslationRows = 20_000;

/** The longest text one translation may hold, however it arrives (editor or file). */
export const maxTranslationLength = 10_000;
/** The largest translations file an import takes. */
export const maxTranslationFileBytes = 2 * 1024 * 1024;
