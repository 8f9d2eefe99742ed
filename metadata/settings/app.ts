import { booleanSchema, choiceSchema, type SettingSection } from './setting-definition';

export const appSettings: SettingSection = {
  id: 'App',
  title: 'SETTINGS.SECTION.APP',
  settings: [
    {
      key: 'App.TestMode',
      schema: booleanSchema,
      default: false,
      title: 'SETTINGS.APP.TEST_MODE',
      description: 'SETTINGS.APP.TEST_MODE_HINT',
    },
    {
      key: 'App.DemoMode',
      schema: booleanSchema,
      default: false,
      title: 'SETTINGS.APP.DEMO_MODE',
      description: 'SETTINGS.APP.DEMO_MODE_HINT',
    },
  ],
};

export const groupsAndCompaniesSettings: SettingSection = {
  id: 'GroupsAndCompanies',
  title: 'SETTINGS.SECTION.GROUPS_AND_COMPANIES',
  settings: [
    {
      key: 'GroupsAndCompanies.UsersBelongTo',
      schema: choiceSchema([
        [0, 'SETTINGS.USERS_BELONG_TO.NONE'],
        [1, 'SETTINGS.USERS_BELONG_TO.GROUPS'],
        [2, 'SETTINGS.USERS_BELONG_TO.COMPANIES'],
        [3, 'SETTINGS.USERS_BELONG_TO.BOTH'],
      ]),
      default: 0,
      title: 'SETTINGS.USERS_BELONG_TO',
      description: 'SETTINGS.USERS_BELONG_TO_HINT',
    },
  ],
};

export const localizationSettings: SettingSection = {
  id: 'Localization',
  title: 'SETTINGS.SECTION.LOCALIZATION',
  settings: [
    {
      key: 'Localization.UseFakeLocalization',
      schema: booleanSchema,
      default: true,
      title: 'SETTINGS.LOCALIZATION.USE_FAKE',
      description: 'SETTINGS.LOCALIZATION.USE_FAKE_HINT',
    },
    {
      key: 'Localization.GenerateLongerFakes',
      schema: booleanSchema,
      default: false,
      title: 'SETTINGS.LOCALIZATION.LONGER_FAKES',
      description: 'SETTINGS.LOCALIZATION.LONGER_FAKES_HINT',
    },
    {
      key: 'Localization.GenerateCompoundFakes',
      schema: booleanSchema,
      default: false,
      title: 'SETTINGS.LOCALIZATION.COMPOUND_FAKES',
      description: 'SETTINGS.LOCALIZATION.COMPOUND_FAKES_HINT',
    },
  ],
};
