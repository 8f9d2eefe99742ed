export {
  appI18n,
  i18nPaths,
  initI18n,
  preloadLanguages,
  refreshLanguages,
  type InitI18nOptions,
} from './i18n-setup';
export { LanguagePicker, type LanguagePickerProps } from './language-picker';
export {
  htmlLanguageTag,
  resolveLanguage,
  translationVersion,
  type LanguageCandidates,
} from './language-resolution';
export {
  useLanguageStore,
  useTranslationsReady,
  whenTranslationsReady,
  type LanguageInfo,
  type LanguageState,
} from './language-store';
export { setLanguage } from './set-language';
export {
  dateFormat,
  localeOf,
  useDateFormat,
  userTimeZone,
  type DateFormat,
  type DateFormatOptions,
} from './date-format';
