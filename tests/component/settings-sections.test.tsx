import { describe, expect, it } from 'vitest';
import { settingSections } from '#metadata';
import { registerModules, ScreenRegistry, settingsSectionRegistry } from '#platform/ui';
import { appModules } from '../../app/modules';

describe('settings sections', () => {
  it('are brought by the modules, every section once, in the order the screen has always had', () => {
    registerModules(appModules, new ScreenRegistry());
    registerModules(appModules, new ScreenRegistry());
    expect(settingsSectionRegistry.sections().map((section) => section.id)).toEqual(
      settingSections.map((section) => section.id),
    );
  });
});
