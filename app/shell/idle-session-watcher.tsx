import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { http, sessionPaths, useIdleSession, useSession } from '#platform/ui';

export const loginPath = '/login';

export function IdleSessionWatcher() {
  const authenticated = useSession((state) => state.authenticated);
  const clear = useSession((state) => state.clear);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const onLogout = useCallback(async () => {
    try {
      await http.post(sessionPaths.logout, { errorHandling: 'none' });
    } finally {
      clear();
    }
  }, [clear]);

  useIdleSession({
    enabled: authenticated,
    isOnLoginPage: pathname.toLowerCase() === loginPath,
    onLogout,
    navigate: (path: string) => void navigate(path),
  });
  return null;
}
