import type { ModuleManifest } from '#platform/ui';
import { HomePage } from './home-page';

export const homeManifest: ModuleManifest = {
  name: 'home',
  screens: { home: HomePage },
};
