import { screenRegistry, type ScreenComponent, type ScreenRegistry } from './screen-registry';

/**
 * What one application module contributes to the platform. Each module has one manifest;
 * the application passes all manifests to `registerModules` at start-up.
 *
 * @example
 * export const manifest: ModuleManifest = { name: 'home', screens: { home: HomePage } };
 */
export interface ModuleManifest {
  /** Module name, for diagnostics. */
  name: string;
  /** Screens by route name (the `name` of a route definition). */
  screens?: Record<string, ScreenComponent>;
}

/**
 * Registers every contribution of the given modules.
 *
 * @example registerModules([homeManifest, aboutManifest]);
 */
export function registerModules(
  manifests: readonly ModuleManifest[],
  registry: ScreenRegistry = screenRegistry,
): void {
  for (const manifest of manifests) {
    for (const [name, screen] of Object.entries(manifest.screens ?? {})) {
      if (registry.has(name)) {
        console.warn(`Screen "${name}" of module "${manifest.name}" replaces an earlier one.`);
      }
      registry.register(name, screen);
    }
  }
}
