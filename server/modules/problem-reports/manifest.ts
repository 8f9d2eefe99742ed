import { feedbackSettings } from '#metadata';
import type { ServerModule } from '../module';
import { problemReportMailTemplates } from './mail-templates';
import { reportAProblemRoutes } from './routes/report-a-problem';

/** Problem reports: a user reports a problem, the administrators get it by mail. */
export const problemReportsModule: ServerModule = {
  name: 'problem-reports',
  settings: { sections: [feedbackSettings] },
  entityHooks: {},
  mailTemplates: problemReportMailTemplates,
  routes: reportAProblemRoutes,
};
