import { EntityHookRegistry } from '../engine/entity-hooks';
import { auditModule } from './audit/manifest';
import { catalogueModule } from './catalogue/manifest';
import { designsModule } from './designs/manifest';
import { deliveriesModule } from './deliveries/manifest';
import type { ModuleServices, ServerModule } from './module';
import { signInModule } from './sign-in/manifest';
import { accountModule } from './account/manifest';
import { menuModule } from './menu/manifest';
import { placesModule } from './places/manifest';
import { compactionModule } from './compaction/manifest';
import { problemReportsModule } from './problem-reports/manifest';
import { appShellModule } from './app-shell/manifest';
import { peopleModule } from './people/manifest';
import { settingsModule } from './settings/manifest';
import { templatesModule } from './templates/manifest';
import { loginAuditModule } from './login-audit/manifest';
import { webServicesModule } from './web-services/manifest';
import { languagesModule } from './languages/manifest';
import { jobsModule } from './jobs/manifest';
import { weatherModule } from './weather/manifest';
import { outboxModule } from './outbox/manifest';

/** Every feature module of the server. */
export const serverModules: readonly ServerModule[] = [
  appShellModule,
  menuModule,
  signInModule,
  peopleModule,
  catalogueModule,
  auditModule,
  designsModule,
  deliveriesModule,
  templatesModule,
  settingsModule,
  languagesModule,
  loginAuditModule,
  webServicesModule,
  jobsModule,
  weatherModule,
  outboxModule,
  accountModule,
  problemReportsModule,
  compactionModule,
  placesModule,
];

/** The entity hooks the modules register, bound to one app's services; one registry per app. */
export function entityHookRegistry(
  services: ModuleServices,
  modules = serverModules,
): EntityHookRegistry {
  const registry = new EntityHookRegistry();
  for (const module of modules) {
    const hooks =
      typeof module.entityHooks === 'function' ? module.entityHooks(services) : module.entityHooks;
    for (const [name, entityHooks] of Object.entries(hooks)) registry.register(name, entityHooks);
  }
  return registry;
}
