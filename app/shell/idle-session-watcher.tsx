import { useLocation, useNavigate } from 'react-router';
import { defaultGuardPaths, useIdleSession, useSession } from '#platform/ui';

const loginPath = defaultGuardPaths.login;

export function IdleSessionWatcher() {
  const authenticated = useSession((state) => state.authenticated);
  const logout = useSession((state) => state.logout);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useIdleSession({
    enabled: authenticated,
    isOnLoginPage: pathname.toLowerCase() === loginPath,
    onLogout: logout,
    navigate: (path: string) => void navigate(path),
  });
  return null;
}
