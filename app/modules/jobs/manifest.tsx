import type { ModuleManifest } from '#platform/ui';
import { HangfireViewPage } from './hangfire-view-page';

export const jobsManifest: ModuleManifest = {
  name: 'jobs',
  screens: { hangfireview: HangfireViewPage },
};
