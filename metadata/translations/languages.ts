/** Languages and translations (`/admin/languages`, its translation editor and CSV files). */
export const languageTexts: Record<string, string> = {
  'ROUTES.LANGUAGES': 'Languages',
  'ROUTES.TRANSLATIONS': 'Translations',

  'ENTITY.LANGUAGE.RECORD': 'language',
  'ENTITY.LANGUAGE.ID': 'Code',
  'ENTITY.LANGUAGE.NAME': 'Name',
  'ENTITY.LANGUAGE.ANGULAR_CULTURE': 'Date and number culture',
  'ENTITY.LANGUAGE.KENDO_CULTURE': 'Grid culture',

  'PAGES.LANGUAGES.TRANSLATE': 'Translate',
  'PAGES.LANGUAGES.FAKES_TITLE': 'Fake (pseudo-localised) language',
  'PAGES.LANGUAGES.LONGER_FAKES': 'Generate longer fakes',
  'PAGES.LANGUAGES.COMPOUND_FAKES': 'Generate compound fakes',
  'PAGES.LANGUAGES.FAKES_SAVED': 'The fake language was updated.',
  'PAGES.LANGUAGES.FAKES_FAILED': 'The fake language could not be updated.',

  'PAGES.LANGUAGES.TRANSLATIONS_TITLE': 'Translations: {{language}}',
  'PAGES.LANGUAGES.BACK': 'Back to languages',
  'PAGES.LANGUAGES.SEARCH': 'Search keys and texts',
  'PAGES.LANGUAGES.UNTRANSLATED_ONLY': 'Untranslated only',
  'PAGES.LANGUAGES.KEY': 'Key',
  'PAGES.LANGUAGES.DEFAULT_TEXT': 'Default text',
  'PAGES.LANGUAGES.TRANSLATION': 'Translation',
  'PAGES.LANGUAGES.EDIT_TRANSLATION': 'Translation of {{key}}',
  'PAGES.LANGUAGES.SAVE': 'Save',
  'PAGES.LANGUAGES.SAVED': 'The translations were saved.',
  'PAGES.LANGUAGES.FAKE_GENERATED':
    'The fake language is generated from English (UK): its texts follow the English ones and the switches on the languages screen. Translate English (UK) instead.',
  'PAGES.LANGUAGES.SAVE_FAILED': 'The translations could not be saved.',
  'PAGES.LANGUAGES.STALE':
    'Someone else changed these translations since you opened them. They are reloaded; make your change again.',
  'PAGES.LANGUAGES.NO_ROWS': 'No keys match.',
  'PAGES.LANGUAGES.LOAD_FAILED': 'The translations could not be loaded.',

  'PAGES.LANGUAGES.EXPORT': 'Export CSV',
  'PAGES.LANGUAGES.IMPORT': 'Import CSV',
  'PAGES.LANGUAGES.IMPORT_FILE': 'Translations file (.csv)',
  'PAGES.LANGUAGES.IMPORTED': '{{imported}} translations imported, {{notFound}} unknown keys.',
  'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT':
    'The file is not in the right format: choose a .csv file with the columns Key and Translation.',
  'PAGES.LANGUAGES.IMPORT.FORMULA':
    'Row {{row}}, column {{column}} starts like a spreadsheet formula; remove the leading character or add an apostrophe before it.',
  'PAGES.LANGUAGES.IMPORT.FAILED': 'The file could not be imported.',
};
