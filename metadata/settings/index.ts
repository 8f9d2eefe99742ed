import { appSettings, groupsAndCompaniesSettings, localizationSettings } from './app';
import { compactionSettingsSection } from './compaction';
import { emailSettings } from './email';
import { feedbackSettings } from './feedback';
import { captchaSettings, passwordSettings, securitySettingsSection } from './security';
import { unitsSyncSettings } from './units-sync';
import { jobsSettings } from './jobs';
import { weatherSettingsSection } from './weather';

export type { SettingDefinition, SettingSection } from './setting-definition';
export * from './settings-api';
export { smtpSecurityModes, type SmtpSecurity } from './email';
// Each section is listed by the modules that own it: the server module's `settings`, the app
// module's `settingsSections`. There is no central list of sections.
export {
  appSettings,
  captchaSettings,
  compactionSettingsSection,
  emailSettings,
  feedbackSettings,
  groupsAndCompaniesSettings,
  jobsSettings,
  localizationSettings,
  passwordSettings,
  securitySettingsSection,
  unitsSyncSettings,
  weatherSettingsSection,
};
