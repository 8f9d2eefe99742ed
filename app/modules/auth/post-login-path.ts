import { defaultGuardPaths, type CurrentUser } from '#platform/ui';

/** The old jobs page's address, kept as a return path: it opens the jobs page. */
const oldJobsPath = '/hangfireview';
const jobsPath = '/admin/jobs';

function pathnameOf(path: string): string {
  return (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '').toLowerCase();
}

/**
 * Where a user goes once signed in: the saved return path, or `/`. Only in-app paths are
 * followed (`//host` would leave the site), never the login page again, and `/hangfireview`
 * opens the jobs page for administrators only.
 */
export function postLoginPath(returnPath: string | null, user: CurrentUser): string {
  if (!returnPath || !returnPath.startsWith('/') || /^\/[/\\]/.test(returnPath)) return '/';
  const pathname = pathnameOf(returnPath);
  if (pathname === defaultGuardPaths.login) return '/';
  if (pathname === oldJobsPath) return user.IsAdmin ? jobsPath : '/';
  return returnPath;
}
