import type { EntityHooks } from '../services/engine/entity-hooks';

/**
 * What a feature contributes to the server, as `app/modules/*` manifests do to the browser:
 * the hooks of its entities (by data source name), applied by the engine on every path.
 */
export interface ServerModule {
  name: string;
  entityHooks: Readonly<Record<string, EntityHooks>>;
}
