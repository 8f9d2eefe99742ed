import type { ServerModule } from '../module';
import { webServiceRoutes } from './routes/web-services';

/** The list of the server's own web services (its API routes), for administrators. */
export const webServicesModule: ServerModule = {
  name: 'web-services',
  entityHooks: {},
  routes: webServiceRoutes,
};
