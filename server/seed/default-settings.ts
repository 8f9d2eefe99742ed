import { settingDefaults } from '#metadata';
import { compactionSettingDefaults } from '../services/compaction/compaction-settings';
import { weatherSettingDefaults } from '../services/weather/weather-settings';

/**
 * Settings an installation starts with; administrators change them later. They come from the
 * settings registry (`metadata/settings`); the compaction and weather services own theirs
 * (`tests/unit/settings-registry.test.ts` checks that the registry agrees with them).
 */
export const defaultSettings: Record<string, unknown> = {
  ...settingDefaults,
  ...compactionSettingDefaults,
  ...weatherSettingDefaults,
};
