import type { ModuleManifest } from '#platform/ui';
import { accessManifest } from './access/manifest';
import { accountManifest } from './account/manifest';
import { adminManifest } from './admin/manifest';
import { aboutManifest } from './about/manifest';
import { authManifest } from './auth/manifest';
import { compactionManifest } from './compaction/manifest';
import { deliveriesManifest } from './deliveries/manifest';
import { jobsManifest } from './jobs/manifest';
import { weatherManifest } from './weather/manifest';

/** Every application module, registered into the platform at start-up. */
export const appModules: readonly ModuleManifest[] = [
  authManifest,
  accessManifest,
  aboutManifest,
  jobsManifest,
  accountManifest,
  adminManifest,
  deliveriesManifest,
  compactionManifest,
  weatherManifest,
];
