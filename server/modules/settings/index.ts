/** The settings module's door: reading a setting as its section states it. */
export { settingValue } from './setting-values';
