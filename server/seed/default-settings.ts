import { settingDefaults } from '#metadata';
import { compactionSettingDefaults } from '../modules/compaction/index';

/**
 * Settings an installation starts with; administrators change them later. They come from the
 * settings registry (`metadata/settings`); the compaction model owns its own
 * (`tests/unit/settings-registry.test.ts` checks that the registry agrees with it).
 */
export const defaultSettings: Record<string, unknown> = {
  ...settingDefaults,
  ...compactionSettingDefaults,
};
