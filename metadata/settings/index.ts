import { appSettings, groupsAndCompaniesSettings, localizationSettings } from './app';
import { compactionSettingsSection } from './compaction';
import { emailSettings } from './email';
import { feedbackSettings } from './feedback';
import { captchaSettings, passwordSettings, securitySettingsSection } from './security';
import type { SettingDefinition, SettingSection } from './setting-definition';
import { unitsSyncSettings } from './units-sync';
import { jobsSettings } from './jobs';
import { weatherSettingsSection } from './weather';

export type { SettingDefinition, SettingSection } from './setting-definition';
export * from './settings-api';
export { smtpSecurityModes, type SmtpSecurity } from './email';
// Each app module shows its own sections on the settings screen.
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

/**
 * Every section of the settings screen, in order. A part of the product adds its settings by
 * a section file of its own in this folder and one line here.
 */
export const settingSections: readonly SettingSection[] = [
  appSettings,
  groupsAndCompaniesSettings,
  localizationSettings,
  emailSettings,
  passwordSettings,
  captchaSettings,
  securitySettingsSection,
  compactionSettingsSection,
  weatherSettingsSection,
  unitsSyncSettings,
  jobsSettings,
  feedbackSettings,
];

/** Every setting of every section. */
export const settingDefinitions: readonly SettingDefinition[] = settingSections.flatMap(
  (section) => section.settings,
);

const byKey = new Map(settingDefinitions.map((setting) => [setting.key, setting]));

/** The setting of a key, or undefined for a key no section defines. */
export const findSetting = (key: string): SettingDefinition | undefined => byKey.get(key);

/** The section a setting is in. */
export const sectionOfSetting = (key: string): SettingSection | undefined =>
  settingSections.find((section) => section.settings.some((setting) => setting.key === key));

/** Every setting's default, by key: what a new installation starts with. */
export const settingDefaults: Readonly<Record<string, unknown>> = Object.fromEntries(
  settingDefinitions.map((setting) => [setting.key, setting.default]),
);
