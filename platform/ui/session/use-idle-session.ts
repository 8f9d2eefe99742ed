import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { platformConstants } from '#metadata';
import { dialogs } from '../dialogs';
import { createIdleTimer } from './idle-timer';

export interface IdleSessionOptions {
  /** Typically: a user is signed in. When false, nothing listens and no timer runs. */
  enabled: boolean;
  /** Whether the login page is showing, as a value or asked at each check. */
  isOnLoginPage: boolean | (() => boolean);
  /** Ends the session (server logout, clearing the user). */
  onLogout: () => Promise<void> | void;
  navigate: (path: string) => void;
}

// Activity that resets the idle time; touch is the mouse of tablets.
const activityEvents = ['mousemove', 'keydown', 'touchstart'] as const;
const noticeId = (minute: number) => `session-idle-notice-${minute}`;

/**
 * Logs an idle user out: warns at 8 and 9 idle minutes, and at 10 goes to /login, logs
 * out and says why. Mount once in the shell, below `<DialogHost />`'s providers.
 *
 * @example
 * useIdleSession({
 *   enabled: isAuthenticated,
 *   isOnLoginPage: () => location.pathname === '/login',
 *   onLogout: logout,
 *   navigate,
 * });
 */
export function useIdleSession({ enabled, isOnLoginPage, onLogout, navigate }: IdleSessionOptions) {
  const { t } = useTranslation();

  const checkLoginPage = useEffectEvent(() =>
    typeof isOnLoginPage === 'function' ? isOnLoginPage() : isOnLoginPage,
  );

  const hideNotices = () => {
    for (const minute of platformConstants.idleWarningMinutes) notifications.hide(noticeId(minute));
  };

  // One notice at a time: the 9-minute notice replaces the 8-minute one.
  const warn = useEffectEvent((minute: number) => {
    hideNotices();
    notifications.show({
      id: noticeId(minute),
      color: 'yellow',
      message: t('SESSION.WILL_TIME_OUT'),
      autoClose: platformConstants.idleNoticeMs,
    });
  });

  const expire = useEffectEvent(async () => {
    hideNotices();
    navigate('/login');
    try {
      await onLogout();
    } catch {
      // The session is over for this page whatever the server answered.
    }
    await dialogs.info(t('SESSION.LOGGED_OUT'));
  });

  useEffect(() => {
    if (!enabled) return;
    const timer = createIdleTimer({
      onNotice: (minute) => warn(minute),
      onTimeout: () => void expire(),
      isOnLoginPage: () => checkLoginPage(),
    });
    const onActivity = () => timer.reset();
    for (const type of activityEvents) window.addEventListener(type, onActivity, { passive: true });
    timer.start();
    return () => {
      timer.stop();
      for (const type of activityEvents) window.removeEventListener(type, onActivity);
    };
  }, [enabled]);
}
