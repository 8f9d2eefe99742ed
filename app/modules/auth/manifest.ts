import type { ModuleManifest } from '#platform/ui';
import { LoginPage } from './login-page';

export const authManifest: ModuleManifest = {
  name: 'auth',
  screens: { login: LoginPage },
};
