import { captchaSettings, securitySettingsSection } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { LoginPage } from './login-page';

export const authManifest: ModuleManifest = {
  name: 'auth',
  screens: { login: LoginPage },
  settingsSections: [
    { section: captchaSettings, order: 60 },
    { section: securitySettingsSection, order: 70 },
  ],
};
