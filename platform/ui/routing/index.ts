export {
  accessDeniedEvent,
  broadcastAccessDenied,
  onAccessDenied,
  type AccessDeniedDetail,
} from './access-denied';
export { createRoutes, type CreateRoutesOptions } from './create-routes';
export { loadRouteDefinitions, routesPath } from './load-route-definitions';
export { registerModules, type ModuleManifest } from './module-manifest';
export {
  lockNavigation,
  unlockNavigation,
  useNavigationLock,
  useNavigationLocked,
} from './navigation-lock';
export { recordVisit, useNavigationHistory, usePreviousLocation } from './navigation-history';
export { appTitleKey, formatPageTitle, usePageTitle } from './page-title';
export {
  CurrentRouteContext,
  RouteDefinitionsContext,
  useCurrentRoute,
  useRouteDefinitions,
} from './route-definitions-context';
export { createRouteGuard, defaultGuardPaths, type GuardPaths } from './route-guard';
export { RouteLoading } from './route-view';
export { clearReturnPath, getReturnPath, setReturnPath } from './return-path';
export {
  registerScreen,
  ScreenRegistry,
  screenRegistry,
  type ScreenComponent,
} from './screen-registry';
export {
  settingsSectionRegistry,
  SettingsSectionRegistry,
  type PlacedSettingsSection,
} from './settings-section-registry';
export { revalidateOnSessionChange, type Revalidating } from './session-revalidation';
