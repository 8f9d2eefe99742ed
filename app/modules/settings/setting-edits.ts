import type { SettingDefinition, SettingSection } from '#metadata';
import { settingsSectionRegistry } from '#platform/ui';
import type { StoredSettings } from './settings-api';

/** What the user changed, by key; a secret's `null` clears it, its text replaces it. */
export type SettingEdits = Readonly<Record<string, unknown>>;

/** Deep equality of JSON values, whatever the order of their keys (jsonb reorders them). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => key in bRecord && sameValue((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}

/** The value a setting shows: the edit when there is one, else the stored value. */
export const shownValue = (key: string, stored: StoredSettings, edits: SettingEdits): unknown =>
  key in edits ? edits[key] : stored.values[key];

/** The keys whose edit differs from what is stored (a secret's edit always counts). */
export function changedKeys(stored: StoredSettings, edits: SettingEdits): string[] {
  return Object.keys(edits).filter((key) => {
    const setting = settingsSectionRegistry.findSetting(key);
    if (setting?.secret) return edits[key] === null || edits[key] !== '';
    return !sameValue(edits[key], stored.values[key]);
  });
}

/** The edits that put every (non-secret) setting of a section back to its default. */
export function sectionDefaults(section: SettingSection): Record<string, unknown> {
  return Object.fromEntries(
    section.settings
      .filter((setting) => !setting.secret)
      .map((setting) => [setting.key, structuredClone(setting.default)]),
  );
}

/**
 * The setting a server error's field belongs to: the field itself, or the setting whose key
 * it starts with (`Compaction.Materials.mix.dense.k`).
 */
export function settingOfField(field: string): SettingDefinition | undefined {
  let key = field;
  while (key) {
    const setting = settingsSectionRegistry.findSetting(key);
    if (setting) return setting;
    key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '';
  }
  return undefined;
}

/** A scalar default as text, with its unit; null for table-shaped values. */
export function defaultText(setting: SettingDefinition, t: (key: string) => string): string | null {
  const value = setting.default;
  if (typeof value === 'object' && value !== null) return null;
  if (value === null || value === '') return t('SETTINGS.NO_VALUE');
  const choices = (setting.schema.oneOf ?? []) as { const: unknown; title: string }[];
  const choice = choices.find((option) => option.const === value);
  if (choice) return t(choice.title);
  if (typeof value === 'boolean') return t(value ? 'SETTINGS.ON' : 'SETTINGS.OFF');
  return setting.unit ? `${String(value)} ${t(setting.unit)}` : String(value);
}

/** Whether a setting is drawn as a table (array- or object-shaped). */
export const isTable = (setting: SettingDefinition) =>
  setting.schema.type === 'array' || setting.schema.type === 'object';
