import { loginAuditEntity } from '#metadata';
import type { ServerModule } from '../module';
import { loginAuditHooks } from './entity-hooks';
import { loginChartRoutes } from './routes/login-chart';

/** The login audit: its list (the engine's `odata/UserLoginAuditTrackingOData`) and chart. */
export const loginAuditModule: ServerModule = {
  name: 'login-audit',
  entityHooks: { [loginAuditEntity.name]: loginAuditHooks },
  routes: loginChartRoutes,
};
