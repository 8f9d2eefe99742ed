import type { ModuleManifest } from '#platform/ui';
import { UnauthorizedPage } from './unauthorized-page';

export const accessManifest: ModuleManifest = {
  name: 'access',
  screens: { unauthorized: UnauthorizedPage },
};
