import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config/config';
import type { Secrets } from '../config/secrets';
import type { JobDefinition } from './jobs/index';
import type { HashQueue } from '../security/hash-queue';
import type { EntityHooks } from '../engine/entity-hooks';

/** What a server gives its modules' hooks: the services they may use inside a write. */
export interface ModuleServices {
  /** The server's one bounded password-hashing queue. */
  hashing: HashQueue;
}

/** What the server gives every module's routes: its configuration and secrets. */
export interface ModuleOptions {
  config: AppConfig;
  secrets: Secrets;
}

/**
 * What a feature contributes to the server, as `app/modules/*` manifests do to the browser:
 * the hooks of its entities (by data source name), applied by the engine on every path (given
 * as a function when the hooks need the server's services), and the routes serving the spec's
 * calls for them, thin adapters onto the engine.
 */
export interface ServerModule {
  name: string;
  routes?: FastifyPluginAsync<ModuleOptions>;
  entityHooks:
    | Readonly<Record<string, EntityHooks>>
    | ((services: ModuleServices) => Readonly<Record<string, EntityHooks>>);
  /** The jobs it runs on a schedule or on demand, given the app whose services they use. */
  jobs?: (app: FastifyInstance) => readonly JobDefinition[];
}
