import { lazy } from 'react';
import { appSettings, emailSettings } from '#metadata';
import type { ModuleManifest } from '#platform/ui';

const SettingsPage = lazy(() =>
  import('./settings-page').then((page) => ({ default: page.SettingsPage })),
);

/** The settings screen (`/admin/settings`). */
export const settingsManifest: ModuleManifest = {
  name: 'settings',
  screens: { settings: SettingsPage },
  settingsSections: [
    { section: appSettings, order: 10 },
    { section: emailSettings, order: 40 },
  ],
};
