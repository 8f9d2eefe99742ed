import { createBrowserRouter, type DataRouter } from 'react-router';
import { cookieNames, routeDefinitions } from '#metadata';
import {
  appI18n,
  configureHttp,
  createRoutes,
  initI18n,
  loadingUser,
  loadRouteDefinitions,
  preloadLanguages,
  readCookie,
  registerModules,
  revalidateOnSessionChange,
  routesPath,
  screenRegistry,
  usePageReveal,
  useSession,
} from '#platform/ui';
import { appModules } from './modules';
import { ShellLayout } from './shell/shell-layout';

let router: DataRouter | null = null;

/** Before the router exists, a navigation request just sets the URL the router will start on. */
function navigate(path: string): void {
  if (router) void router.navigate(path);
  else window.history.replaceState(null, '', path);
}

/** Wires the HTTP client to the router and translations; safe before either exists. */
export function configureHttpForApp(): void {
  configureHttp({ navigate, translate: (key) => appI18n.t(key) });
}

async function startTranslations(): Promise<void> {
  if (readCookie(cookieNames.language)) return initI18n();
  // The language list waits for nothing, and the language only for the user (not the
  // permissions): one round trip fewer before the first screen.
  void preloadLanguages();
  const user = await loadingUser();
  return initI18n({ userLanguage: user?.Language });
}

/**
 * Loads what the first screen needs (routes, session, translations) in parallel, then
 * builds the router. The page stays concealed until the first route has opened.
 */
export async function startApp(): Promise<DataRouter> {
  usePageReveal.getState().conceal();
  registerModules(appModules, screenRegistry);
  const [definitions] = await Promise.all([
    loadRouteDefinitions(routesPath, routeDefinitions),
    useSession.getState().load(),
    startTranslations(),
  ]);
  router = createBrowserRouter(createRoutes(definitions, screenRegistry, { layout: ShellLayout }));
  revalidateOnSessionChange(router);
  return router;
}
