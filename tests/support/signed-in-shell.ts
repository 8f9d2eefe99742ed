import { defaultMenu } from '#metadata';
import { useSession } from '#platform/ui';
import { aSignedInUser } from './fixtures';

/** What the shell asks of the server around any screen: the current user, permissions, menu. */
export const shellHandlers = {
  'GET /api/users/GetCurrentUser': () => useSession.getState().user,
  'POST /api/auth/permissions': () => [],
  'GET /api/menu/GetMenu': () => defaultMenu,
};

/** Starts the test signed in as an ordinary user without permissions. */
export function signInAsStaff(): void {
  useSession.setState({
    user: aSignedInUser(),
    permissions: [],
    authenticated: true,
    loaded: true,
  });
}
