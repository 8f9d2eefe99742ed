import { defaultGuardPaths, type CurrentUser } from '#platform/ui';

const jobsPath = '/hangfireview';

function pathnameOf(path: string): string {
  return (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '').toLowerCase();
}

/**
 * Where a user goes once signed in: the saved return path, or `/`. Only in-app paths are
 * followed (`//host` would leave the site), never the login page again, and the jobs page
 * only for administrators.
 */
export function postLoginPath(returnPath: string | null, user: CurrentUser): string {
  if (!returnPath || !returnPath.startsWith('/') || /^\/[/\\]/.test(returnPath)) return '/';
  const pathname = pathnameOf(returnPath);
  if (pathname === defaultGuardPaths.login) return '/';
  if (pathname === jobsPath && !user.IsAdmin) return '/';
  return returnPath;
}
