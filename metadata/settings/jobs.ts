import { integerBetween, type SettingSection } from './setting-definition';

/** The scheduled jobs: how long their run history is kept. */
export const jobsSettings: SettingSection = {
  id: 'Jobs',
  title: 'SETTINGS.SECTION.JOBS',
  settings: [
    {
      key: 'Jobs.HistoryDays',
      schema: integerBetween(1, 3650),
      default: 30,
      title: 'SETTINGS.JOBS.HISTORY_DAYS',
      description: 'SETTINGS.JOBS.HISTORY_DAYS_HINT',
      unit: 'SETTINGS.UNIT.DAYS',
    },
  ],
};
