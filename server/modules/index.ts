import { EntityHookRegistry } from '../services/engine/entity-hooks';
import { auditModule } from './audit/manifest';
import { catalogueModule } from './catalogue/manifest';
import { designsModule } from './designs/manifest';
import type { ServerModule } from './module';
import { peopleModule } from './people/manifest';

/** Every feature module of the server. */
export const serverModules: readonly ServerModule[] = [
  peopleModule,
  catalogueModule,
  auditModule,
  designsModule,
];

/** The entity hooks the modules register; one registry per app. */
export function entityHookRegistry(modules = serverModules): EntityHookRegistry {
  const registry = new EntityHookRegistry();
  for (const module of modules) {
    for (const [name, hooks] of Object.entries(module.entityHooks)) registry.register(name, hooks);
  }
  return registry;
}
