import { captchaSettings, passwordSettings, securitySettingsSection } from '#metadata';
import type { ServerModule } from '../module';
import type { IdentityProvider } from './identity-provider';
import { passwordProvider } from './password-provider';
import { authRoutes } from './routes/auth';
import { sessionRoutes } from './routes/session';

/** The ways of signing in; single sign-on adds its SAML and OpenID Connect providers here. */
const identityProviders: readonly IdentityProvider[] = [passwordProvider];

/** Sign-in: sessions, its identity providers (the password login, with lockout and captcha), sign-out. */
export const signInModule: ServerModule = {
  name: 'sign-in',
  settings: { sections: [passwordSettings, captchaSettings, securitySettingsSection] },
  entityHooks: {},
  async routes(app, options) {
    await app.register(sessionRoutes);
    for (const provider of identityProviders) await app.register(provider.routes, options);
    await app.register(authRoutes);
  },
};
