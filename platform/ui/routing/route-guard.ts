import { redirect, type LoaderFunction } from 'react-router';
import type { RouteDefinition } from '#metadata';
import { hasPermission } from '#platform/core';
import { useSession } from '../auth';
import { dialogs } from '../dialogs';
import { whenTranslationsReady } from '../i18n';
import { broadcastAccessDenied } from './access-denied';
import { setReturnPath } from './return-path';

/** Where refused users are sent. */
export interface GuardPaths {
  /** For anonymous users; the refused URL is kept as the return path. */
  login: string;
  /** For signed-in users lacking the permission. */
  unauthorized: string;
}

export const defaultGuardPaths: GuardPaths = { login: '/login', unauthorized: '/unauthorized' };

/**
 * A react-router loader that checks the route's Permission before the route opens, and
 * for InstantTranslation routes waits until translations are ready. On refusal it
 * broadcasts `app:access-denied`, then redirects; a route the installation does not use now
 * (`Closed`: companies while users belong to none) also says why, in an error dialog.
 *
 * @example { path: def.route, loader: createRouteGuard(def), element: <Screen /> }
 */
export function createRouteGuard(
  definition: RouteDefinition,
  paths: GuardPaths = defaultGuardPaths,
): LoaderFunction {
  return async ({ request }) => {
    const session = useSession.getState();
    if (!session.loaded) await session.load();
    if (definition.InstantTranslation) await whenTranslationsReady();

    const { authenticated, permissions } = useSession.getState();
    const permitted = hasPermission(definition.Permission, { authenticated, permissions });
    if (permitted && definition.Closed === undefined) return null;

    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}${url.hash}`;
    broadcastAccessDenied({ path, permission: definition.Permission });
    if (permitted && definition.Closed !== undefined) {
      void dialogs.error(definition.Closed);
      return redirect(paths.unauthorized);
    }
    if (authenticated) return redirect(paths.unauthorized);
    setReturnPath(path);
    return redirect(paths.login);
  };
}
