import { describe, expect, it } from 'vitest';
import { defaultTexts } from '#metadata';
import '../../server/modules/index';
import {
  settingDefaults as registeredDefaults,
  settingSections as registeredSections,
} from '../../server/modules/settings/index';
import { settingValueError } from '../../server/modules/settings/setting-validation';
import { defaultSettings } from '../../server/seed/reference';
import { compactionSettingDefaults } from '../../server/modules/compaction/compaction-settings';

/** The settings the modules bring (sections in `metadata/settings`), against the model's own defaults. */
const settingSections = registeredSections();
const settingDefinitions = settingSections.flatMap((section) => section.settings);
const settingDefaults = registeredDefaults();
describe('the settings registry', () => {
  it('names every key once', () => {
    const keys = settingDefinitions.map((setting) => setting.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(settingSections.map((section) => section.id)).size).toBe(settingSections.length);
  });

  it('mirrors the compaction model’s defaults exactly, each with a unit or reset', () => {
    for (const [key, value] of Object.entries(compactionSettingDefaults)) {
      expect(settingDefaults[key], key).toEqual(value);
    }
    const compaction = settingSections.find((section) => section.id === 'Compaction')!;
    expect(compaction.settings.map((setting) => setting.key).sort()).toEqual(
      Object.keys(compactionSettingDefaults).sort(),
    );
    expect(compaction.settings.every((setting) => setting.resettable)).toBe(true);
  });

  it('is what a new installation starts with', () => {
    expect(Object.keys(defaultSettings()).sort()).toEqual(Object.keys(settingDefaults).sort());
    expect(defaultSettings()).toEqual(settingDefaults);
  });

  it('accepts every default by its own schema (secrets start unset)', () => {
    for (const setting of settingDefinitions) {
      if (setting.secret) expect(setting.default, setting.key).toBe('');
      else expect(settingValueError(setting.key, setting.default), setting.key).toBeNull();
    }
  });

  it('marks the API key and the SMTP password as secrets', () => {
    expect(settingDefinitions.filter((setting) => setting.secret).map((s) => s.key)).toEqual([
      'Email.SmtpPassword',
      'Weather.ApiKey',
    ]);
  });

  it('has a text for every title, description, unit, column, row and choice', () => {
    const keys = new Set<string>(
      settingSections.flatMap((section) => [section.title, section.description ?? section.title]),
    );
    for (const setting of settingDefinitions) {
      for (const key of [setting.title, setting.description, setting.unit]) if (key) keys.add(key);
      for (const key of Object.values(setting.columns ?? {})) keys.add(key);
      for (const key of Object.values(setting.rows ?? {})) keys.add(key);
      const choices = (setting.schema.oneOf ?? []) as { title: string }[];
      for (const choice of choices) keys.add(choice.title);
    }
    expect([...keys].filter((key) => !(key in defaultTexts))).toEqual([]);
  });
});
