import { EntityHookRegistry } from '../engine/entity-hooks';
import { auditModule } from './audit/manifest';
import { catalogueModule } from './catalogue/manifest';
import { designsModule } from './designs/manifest';
import { deliveriesModule } from './deliveries/manifest';
import type { ModuleServices, ServerModule } from './module';
import { registerSettings } from './settings/index';
import { registerMailTemplates } from './templates/index';
import { registerScreenRoutes } from './app-shell/index';
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
  settingsModule,
  signInModule,
  peopleModule,
  auditModule,
  designsModule,
  deliveriesModule,
  templatesModule,
  languagesModule,
  loginAuditModule,
  webServicesModule,
  compactionModule,
  weatherModule,
  catalogueModule,
  jobsModule,
  outboxModule,
  accountModule,
  problemReportsModule,
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

/**
 * Registers what the modules bring to the process's registries: their settings (stated once in
 * their sections), their mail templates and their screens' routes. Idempotent; run by the app and by the seed.
 */
export function registerModuleContributions(modules = serverModules): void {
  for (const module of modules) {
    if (module.settings) registerSettings(module.settings);
    if (module.mailTemplates) registerMailTemplates(module.mailTemplates);
    if (module.screens) registerScreenRoutes(module.screens);
  }
}

// The release's own modules are known to every process that loads this list (server, seed,
// commands, tests); an app built with other modules registers those as it starts.
registerModuleContributions();
