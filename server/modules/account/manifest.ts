import type { ServerModule } from '../module';
import { accountRoutes } from './routes/index';

/** Account: registration, e-mail confirmation, password recovery and reset, the profile. */
export const accountModule: ServerModule = {
  name: 'account',
  entityHooks: {},
  async routes(app, { config }) {
    await app.register(accountRoutes, { config });
  },
};
