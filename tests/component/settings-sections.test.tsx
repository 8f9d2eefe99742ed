import { describe, expect, it } from 'vitest';
import { registerModules, ScreenRegistry, settingsSectionRegistry } from '#platform/ui';
import { appModules } from '../../app/modules';
import { serverModules } from '../../server/modules/index';

describe('settings sections', () => {
  it('are brought by the modules, every section once, the same on the screen as on the server', () => {
    registerModules(appModules, new ScreenRegistry());
    registerModules(appModules, new ScreenRegistry());
    const onServer = serverModules.flatMap((module) => module.settings?.sections ?? []);
    expect(settingsSectionRegistry.sections().map((section) => section.id)).toEqual(
      onServer.map((section) => section.id),
    );
    // The very same definitions: a setting is stated once, in its section.
    expect(settingsSectionRegistry.sections()).toEqual(onServer);
  });
});
