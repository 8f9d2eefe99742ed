import type { ServerModule } from '../module';
import { accountMailTemplates } from './mail-templates';
import { accountRoutes } from './routes/index';

/** Account: registration, e-mail confirmation, password recovery and reset, the profile. */
export const accountModule: ServerModule = {
  name: 'account',
  entityHooks: {},
  mailTemplates: accountMailTemplates,
  async routes(app, { config }) {
    await app.register(accountRoutes, { config });
  },
};
