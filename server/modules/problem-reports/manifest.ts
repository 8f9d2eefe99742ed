import type { ServerModule } from '../module';
import { reportAProblemRoutes } from './routes/report-a-problem';

/** Problem reports: a user reports a problem, the administrators get it by mail. */
export const problemReportsModule: ServerModule = {
  name: 'problem-reports',
  entityHooks: {},
  routes: reportAProblemRoutes,
};
