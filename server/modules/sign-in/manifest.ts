import type { ServerModule } from '../module';
import { authRoutes } from './routes/auth';
import { sessionRoutes } from './routes/session';

/** Sign-in: sessions, the password login with its lockout and captcha, sign-out. */
export const signInModule: ServerModule = {
  name: 'sign-in',
  entityHooks: {},
  async routes(app, options) {
    await app.register(sessionRoutes);
    await app.register(authRoutes, options);
  },
};
