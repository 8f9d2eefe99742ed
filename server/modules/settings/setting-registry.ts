import type { SettingDefinition, SettingSection } from '#metadata';

/**
 * What a module brings to the settings: its sections (stated once, in `metadata/settings`: key,
 * JSON Schema with its range, default, unit), in the order the screen shows them, and the rule
 * a value must meet beyond its schema, in words (null when it is fine).
 */
export interface ModuleSettings {
  sections: readonly SettingSection[];
  check?: (key: string, value: unknown) => string | null;
}

interface Registered {
  setting: SettingDefinition;
  check?: ModuleSettings['check'];
}

const sections: SettingSection[] = [];
const byKey = new Map<string, Registered>();

/**
 * Adds a module's settings to the process's registry, read by the settings calls, the seed and
 * `settingValue`. Registering the same section again changes nothing; a key two different
 * sections state is a mistake of the release and throws.
 */
export function registerSettings(settings: ModuleSettings): void {
  for (const section of settings.sections) {
    if (sections.includes(section)) continue;
    for (const setting of section.settings) {
      if (byKey.has(setting.key)) throw new Error(`The setting "${setting.key}" is stated twice.`);
    }
    sections.push(section);
    for (const setting of section.settings) {
      byKey.set(setting.key, { setting, check: settings.check });
    }
  }
}

/** The registered sections, in the order the modules brought them. */
export const settingSections = (): readonly SettingSection[] => sections;

/** Every registered setting. */
export const settingDefinitions = (): SettingDefinition[] =>
  sections.flatMap((section) => section.settings);

/** The setting of a key, or undefined for a key no registered section states. */
export const findSetting = (key: string): SettingDefinition | undefined => byKey.get(key)?.setting;

/** A setting's default (undefined for an unknown key). */
export const settingDefault = (key: string): unknown => byKey.get(key)?.setting.default;

/** What the setting's module says is wrong with `value` beyond its schema, or null. */
export const moduleRuleError = (key: string, value: unknown): string | null =>
  byKey.get(key)?.check?.(key, value) ?? null;

/** Every registered setting's default, by key: what a new installation starts with. */
export const settingDefaults = (): Record<string, unknown> =>
  Object.fromEntries(settingDefinitions().map((setting) => [setting.key, setting.default]));
