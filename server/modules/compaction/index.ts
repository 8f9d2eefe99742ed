/** The compaction module's door: what other parts of the server may use. */
export {
  compactionSettingDefaults,
  compactionSettings,
  usableCompactionSetting,
} from './compaction-settings';
