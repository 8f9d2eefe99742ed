import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config/config';
import { appBaseUrl } from '../links';
import type { AccountRouteContext } from './context';
import { profileRoutes } from './profile';
import { recoveryRoutes } from './recovery';
import { registrationRoutes } from './registration';

export interface AccountRoutesOptions {
  config: AppConfig;
}

/** Registration, password recovery and reset by ticket, profile and password change. */
export async function accountRoutes(app: FastifyInstance, { config }: AccountRoutesOptions) {
  const context: AccountRouteContext = {
    rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' },
    mail: () => ({ db: app.db, mailer: app.mailer, baseUrl: appBaseUrl(config) }),
  };
  await app.register(recoveryRoutes, context);
  await app.register(registrationRoutes, context);
  await app.register(profileRoutes, context);
}
