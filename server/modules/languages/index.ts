/** The languages module's door: what other parts of the server may use. */
export {
  findLanguage,
  insertMissingLanguages,
  listLanguages,
  touchAllLanguages,
} from './repositories/languages';
export { findText } from './repositories/translation-lookup';
export { upsertDefaultTexts } from './repositories/translations';
export { buildTranslationFile } from './translation-files';
