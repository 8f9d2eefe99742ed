import type { ServerModule } from '../module';
import { mailRetryJob } from './mail-retry-job';
import { outboxRoutes } from './routes/outbox';

/** The outbox: the mail the product sent or will retry, its call, and the retry job. */
export const outboxModule: ServerModule = {
  name: 'outbox',
  entityHooks: {},
  routes: outboxRoutes,
  jobs: (app) => [mailRetryJob(app)],
};
