import type { IdentityProvider } from './identity-provider';
import { passwordProviderId } from './password-login';
import { passwordLoginRoutes } from './routes/password-login';

/** The user name and password form, with its lockout and captcha. */
export const passwordProvider: IdentityProvider = {
  id: passwordProviderId,
  title: 'User name and password',
  routes: passwordLoginRoutes,
};
