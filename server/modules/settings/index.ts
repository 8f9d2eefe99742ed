/** The settings module's door: reading a setting as its section states it. */
export { settingValue } from './setting-values';
export { cachedSetting, forgetSettings } from './settings-cache';
export { getSetting, insertMissingSettings, putSetting } from './settings-repository';
