import { type Action, actionRegistry } from '../engine/actions/action-registry';
import { type EntityExtension, registerEntityExtension } from '../engine/entity-extensions';
import { screenRegistry, type ScreenComponent, type ScreenRegistry } from './screen-registry';
import { type PlacedSettingsSection, settingsSectionRegistry } from './settings-section-registry';

/**
 * What one application module contributes to the platform. Each module has one manifest;
 * the application passes all manifests to `registerModules` at start-up. Modules never
 * import each other: what one offers the others goes through these registries.
 *
 * @example
 * export const manifest: ModuleManifest = {
 *   name: 'jobs',
 *   screens: { jobs: JobsScreen },
 *   actions: [runNowAction],
 *   entityExtensions: { JobRuns: { cells: { State: RunStateCell } } },
 *   settingsSections: [{ section: jobsSettings, order: 110 }],
 * };
 */
export interface ModuleManifest {
  /** Module name, for diagnostics. */
  name: string;
  /** Screens by route name (the `name` of a route definition). */
  screens?: Record<string, ScreenComponent>;
  /**
   * Actions by id, for grids (`GridActionContext`), designers or a module's own screens; the
   * context type is the one of the surface that draws them.
   */
  // Each action is typed by its own surface's context; the registry keeps them side by side.
  actions?: readonly Action<never>[];
  /** Extensions of the engine's screens by data source name (cells, toolbar, form rules). */
  entityExtensions?: Readonly<Record<string, EntityExtension>>;
  /** Sections of the settings screen this module shows. */
  settingsSections?: readonly PlacedSettingsSection[];
}

/**
 * Registers every contribution of the given modules: screens into `registry`; actions,
 * entity extensions and settings sections into the application's registries.
 *
 * @example registerModules([homeManifest, aboutManifest]);
 */
export function registerModules(
  manifests: readonly ModuleManifest[],
  registry: ScreenRegistry = screenRegistry,
): void {
  for (const manifest of manifests) {
    for (const [name, screen] of Object.entries(manifest.screens ?? {})) {
      if (registry.has(name) && registry.get(name) !== screen) {
        console.warn(`Screen "${name}" of module "${manifest.name}" replaces an earlier one.`);
      }
      registry.register(name, screen);
    }
    for (const action of manifest.actions ?? []) actionRegistry.register(action);
    for (const [dataSource, extension] of Object.entries(manifest.entityExtensions ?? {})) {
      registerEntityExtension(dataSource, extension);
    }
    for (const placed of manifest.settingsSections ?? []) settingsSectionRegistry.register(placed);
  }
}
