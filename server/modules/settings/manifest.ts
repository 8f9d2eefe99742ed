import type { FastifyInstance } from 'fastify';
import {
  appSettings,
  emailSettings,
  groupsAndCompaniesSettings,
  localizationSettings,
} from '#metadata';
import type { ServerModule } from '../module';
import { settingsRoutes } from './routes/settings';
import { testEmailRoutes } from './routes/test-email';

/** The installation's settings (`/admin/settings`) and the test mail. */
export const settingsModule: ServerModule = {
  name: 'settings',
  settings: {
    sections: [appSettings, groupsAndCompaniesSettings, localizationSettings, emailSettings],
  },
  entityHooks: {},
  async routes(app: FastifyInstance) {
    await app.register(settingsRoutes);
    await app.register(testEmailRoutes);
  },
};
