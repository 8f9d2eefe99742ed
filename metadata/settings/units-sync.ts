import {
  choiceSchema,
  numberBetween,
  optionalUrlSchema,
  type SettingSection,
} from './setting-definition';

/** Where the sync of units (`/admin/syncunits`) reads the external recording system's units. */
export const unitsSyncSettings: SettingSection = {
  id: 'UnitsSync',
  title: 'SETTINGS.SECTION.UNITS_SYNC',
  description: 'SETTINGS.UNITS_SYNC.HINT',
  settings: [
    {
      key: 'Units.SyncSourceUrl',
      schema: optionalUrlSchema,
      default: '',
      title: 'SETTINGS.UNITS_SYNC.SOURCE_URL',
      description: 'SETTINGS.UNITS_SYNC.SOURCE_URL_HINT',
    },
    {
      key: 'Units.SyncSourceFormat',
      schema: choiceSchema([
        ['json', 'SETTINGS.UNITS_SYNC.FORMAT.JSON'],
        ['csv', 'SETTINGS.UNITS_SYNC.FORMAT.CSV'],
      ]),
      default: 'json',
      title: 'SETTINGS.UNITS_SYNC.FORMAT',
    },
    {
      key: 'Units.SyncTimeoutSeconds',
      schema: numberBetween(0.5, 120),
      default: 10,
      title: 'SETTINGS.UNITS_SYNC.TIMEOUT',
      unit: 'SETTINGS.UNIT.SECONDS',
    },
  ],
};
