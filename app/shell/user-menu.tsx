import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { clearReturnPath, defaultGuardPaths, useNavigationLocked, useSession } from '#platform/ui';

const loginPath = defaultGuardPaths.login;

/** The signed-in user's name with a sign-out item; a sign-in link for anonymous users. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const logout = useSession((state) => state.logout);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const locked = useNavigationLocked();

  if (!user) {
    if (pathname.toLowerCase() === loginPath) return null;
    return (
      <Button component={Link} to={loginPath} variant="light" size="sm">
        {t('USER_MENU.SIGN_IN')}
      </Button>
    );
  }

  const signOut = async () => {
    const ending = logout();
    await navigate(loginPath);
    // Whoever signs in next starts at home, not where this user was.
    clearReturnPath();
    await ending;
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="sm"
          maw={compact ? 160 : 240}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {user.FullName || user.Name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {locked && <Menu.Label>{t('USER_MENU.LOCKED')}</Menu.Label>}
        <Menu.Item component={Link} to="/profile" disabled={locked}>
          {t('USER_MENU.PROFILE')}
        </Menu.Item>
        <Menu.Item onClick={() => void signOut()} disabled={locked}>
          {t('USER_MENU.SIGN_OUT')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
