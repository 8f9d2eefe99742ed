import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config/config';
import type { Secrets } from './config/secrets';
import type { DatabaseHandle } from './db/connect';
import { mailPlugin } from './mail/mail-plugin';
import { accessPlugin } from './plugins/access';
import { apiHeadersPlugin } from './plugins/api-headers';
import { jobsPlugin } from './modules/jobs/index';
import { entityHookRegistry, registerModuleContributions, serverModules } from './modules/index';
import type { ServerModule } from './modules/module';
import { databasePlugin } from './plugins/database';
import { enginePlugin } from './plugins/engine';
import { inputHygienePlugin } from './plugins/input-hygiene';
import { passwordHashingPlugin } from './plugins/password-hashing';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { routeTablePlugin } from './plugins/route-table';
import { compressionPlugin } from './plugins/compression';
import { responseContractPlugin } from './plugins/response-contract';
import { securityHeadersPlugin } from './plugins/security-headers';
import { shutdownPlugin } from './plugins/shutdown';
import { spaPlugin } from './plugins/spa';
import { tileImageSource } from './modules/places/index';
import { engineRoutes } from './engine/routes/index';
import { healthRoutes } from './plugins/health';

export interface AppOptions {
  config: AppConfig;
  secrets: Secrets;
  /** A migrated and seeded database; the app closes it on shutdown when `ownsDatabase`. */
  database: DatabaseHandle;
  ownsDatabase: boolean;
  /** The feature modules; every one of the release's unless a test adds its own. */
  modules?: readonly ServerModule[];
}

/**
 * The whole application as a Fastify plugin. It never listens: server/main.ts does that, and
 * tests register exactly this and call `app.inject()`.
 */
export const buildApp = fp<AppOptions>(
  async (app: FastifyInstance, options) => {
    const modules = options.modules ?? serverModules;
    registerModuleContributions(modules);
    await app.register(errorsPlugin);
    await app.register(routeTablePlugin);
    await app.register(shutdownPlugin);
    await app.register(databasePlugin, {
      database: options.database,
      closeOnShutdown: options.ownsDatabase,
    });
    await app.register(securityHeadersPlugin, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Mantine writes its CSS variables into style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The deliveries map's tiles, when a tile server is configured.
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(options.config.mapTileUrl ? [tileImageSource(options.config.mapTileUrl)] : []),
          ],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(cookie);
    await app.register(jwt, {
      secret: options.secrets.jwtSecret,
      sign: { algorithm: 'HS256' },
      // Verified tokens are kept (hashed) for a while: a token's session is still checked in
      // the database on every request, so logout and revocation apply at once.
      verify: { algorithms: ['HS256'], cache: true },
      cookie: { cookieName: 'session', signed: false },
    });
    await app.register(inputHygienePlugin);
    await app.register(accessPlugin);
    await app.register(apiHeadersPlugin, { publicUrl: options.config.publicUrl });
    await app.register(responseContractPlugin);
    await app.register(compressionPlugin);
    await app.register(passwordHashingPlugin, { config: options.config });
    await app.register(enginePlugin, {
      hooks: entityHookRegistry({ hashing: app.hashing }, modules),
    });
    await app.register(mailPlugin, { config: options.config });
    await app.register(rateLimitsPlugin);
    await app.register(openApiPlugin);
    await app.register(jobsPlugin, {
      definitions: modules.flatMap((module) => module.jobs?.(app) ?? []),
      working: options.config.jobs,
      timeZone: options.config.timeZone,
    });

    await app.register(healthRoutes);
    await app.register(engineRoutes);
    const moduleOptions = { config: options.config, secrets: options.secrets };
    for (const module of modules) {
      if (module.routes) await app.register(module.routes, moduleOptions);
    }

    await app.register(spaPlugin, { root: options.config.staticDir });
  },
  { name: 'asphalt-scheduler' },
);
