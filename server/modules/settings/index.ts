/** The settings module's door: reading a setting as its section states it. */
export { settingValue } from './setting-values';
export { cachedSetting, forgetSettings } from './settings-cache';
export { getSetting, insertMissingSettings, putSetting } from './settings-repository';
export {
  findSetting,
  registerSettings,
  settingDefault,
  settingDefaults,
  settingSections,
} from './setting-registry';
export type { ModuleSettings } from './setting-registry';
