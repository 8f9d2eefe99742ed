import type { ModuleManifest } from '#platform/ui';
import { accessManifest } from './access/manifest';
import { accountManifest } from './account/manifest';
import { adminManifest } from './admin/manifest';
import { aboutManifest } from './about/manifest';
import { authManifest } from './auth/manifest';
import { catalogueManifest } from './catalogue/manifest';
import { compactionManifest } from './compaction/manifest';
import { deliveriesManifest } from './deliveries/manifest';
import { jobsManifest } from './jobs/manifest';
import { settingsManifest } from './settings/manifest';
import { weatherManifest } from './weather/manifest';
import { templatesManifest } from './templates/manifest';
import { auditScreensManifest } from './audit-screens/manifest';
import { languagesManifest } from './languages/manifest';

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
  templatesManifest,
  settingsManifest,
  catalogueManifest,
  languagesManifest,
  auditScreensManifest,
];
