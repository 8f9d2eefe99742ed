import type { ServerModule } from '../module';
import { changeLogHooks } from './entity-hooks';
import { changeLogRoutes } from './routes/change-logs';

/** The change log (audit log). */
export const auditModule: ServerModule = {
  name: 'audit',
  entityHooks: { ChangeLogs: changeLogHooks },
  routes: changeLogRoutes,
};
