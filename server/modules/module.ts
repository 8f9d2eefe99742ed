import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { PermissionSeed, RouteDefinition } from '#metadata';
import type { Database } from '../db/schema';
import type { EmailTemplateSeed } from './templates/index';
import type { AppConfig } from '../config/config';
import type { Secrets } from '../config/secrets';
import type { JobDefinition } from './jobs/index';
import type { HashQueue } from '../security/hash-queue';
import type { EntityHooks } from '../engine/entity-hooks';
import type { ModuleSettings } from './settings/index';

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
  /** Its settings: sections stated once in `metadata/settings`, and rules beyond their schemas. */
  settings?: ModuleSettings;
  /** The screens it brings: their routes (name, path, permission), drawn by its app module. */
  screens?: readonly RouteDefinition[];
  /** The permissions it defines (ids from 100 up to the system limit, unique across modules). */
  permissions?: readonly PermissionSeed[];
  /** The mails it sends: its system templates, seeded per language, editable by administrators. */
  mailTemplates?: readonly EmailTemplateSeed[];
  /** The reference data it seeds on every installation (see ModuleSeed). */
  referenceSeed?: ModuleSeed;
  /** The jobs it runs on a schedule or on demand, given the app whose services they use. */
  jobs?: (app: FastifyInstance) => readonly JobDefinition[];
}

/**
 * Reference data a module seeds, in the seeding transaction, whenever the release's stamp
 * changes: `data` is what the stamp hashes (the release's rows), `run` writes what is missing
 * (idempotent, an administrator's changes kept) and may answer what to do once committed.
 */
export interface ModuleSeed {
  data: unknown;
  run(trx: Transaction<Database>, db: Kysely<Database>): Promise<void | (() => void)>;
}
