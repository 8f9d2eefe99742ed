import { jobRunEntity } from '#metadata';
import { jobsSettings } from '#metadata';
import type { ServerModule } from '../module';
import { housekeepingJob } from './housekeeping';
import { jobRunHooks } from './entity-hooks';
import { jobRoutes } from './routes/jobs';

/** Scheduled jobs: the queue's calls, its run history (an engine entity) and housekeeping. */
export const jobsModule: ServerModule = {
  name: 'jobs',
  settings: { sections: [jobsSettings] },
  entityHooks: { [jobRunEntity.name]: jobRunHooks },
  routes: async (app) => app.register(jobRoutes(app.jobQueue)),
  jobs: () => [housekeepingJob],
};
