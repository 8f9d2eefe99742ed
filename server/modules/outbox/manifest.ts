import type { ServerModule } from '../module';
import { mailRetryJob } from './mail-retry-job';

/** The outbox: mail that could not go out is sent again by a job (its calls move here next). */
export const outboxModule: ServerModule = {
  name: 'outbox',
  entityHooks: {},
  jobs: (app) => [mailRetryJob(app)],
};
