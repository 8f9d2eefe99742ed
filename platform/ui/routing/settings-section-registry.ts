import type { SettingDefinition, SettingSection } from '#metadata';

/** A section of the settings screen a module shows, and where among the others (lower first). */
export interface PlacedSettingsSection {
  section: SettingSection;
  order: number;
}

/**
 * The sections of the settings screen, by section id. Registering an id again replaces the
 * earlier section.
 *
 * @example
 * settingsSectionRegistry.register({ section: weatherSettingsSection, order: 90 });
 * settingsSectionRegistry.sections(); // [..., weatherSettingsSection, ...]
 */
export class SettingsSectionRegistry {
  private readonly placed = new Map<string, PlacedSettingsSection>();

  register(placed: PlacedSettingsSection): this {
    this.placed.set(placed.section.id, placed);
    return this;
  }

  /** The setting of a key, in whichever registered section states it. */
  findSetting(key: string): SettingDefinition | undefined {
    for (const { section } of this.placed.values()) {
      const setting = section.settings.find((candidate) => candidate.key === key);
      if (setting) return setting;
    }
    return undefined;
  }

  /** The sections by their order (equal orders as registered). */
  sections(): SettingSection[] {
    return [...this.placed.values()]
      .sort((a, b) => a.order - b.order)
      .map((placed) => placed.section);
  }
}

/** The application's settings sections. */
export const settingsSectionRegistry = new SettingsSectionRegistry();
