import type { ServerModule } from '../module';
import { clientLoggingRoutes } from './routes/client-logging';
import { routesListRoutes } from './routes/routes-list';

/** The app shell's calls: the route definitions the browser starts with, and its log. */
export const appShellModule: ServerModule = {
  name: 'app-shell',
  entityHooks: {},
  async routes(app) {
    await app.register(routesListRoutes);
    await app.register(clientLoggingRoutes);
  },
};
