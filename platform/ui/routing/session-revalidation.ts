import { useSession } from '../auth';

/** The part of a data router that re-runs route guards. */
export interface Revalidating {
  revalidate: () => unknown;
}

/**
 * Re-checks the open route whenever the user or their permissions change (sign-in,
 * logout), so a route that is no longer allowed redirects at once. Returns the unsubscribe.
 *
 * @example const stop = revalidateOnSessionChange(router);
 */
export function revalidateOnSessionChange(router: Revalidating): () => void {
  return useSession.subscribe((state, previous) => {
    if (
      state.authenticated !== previous.authenticated ||
      state.permissions !== previous.permissions
    ) {
      void router.revalidate();
    }
  });
}
