import Cookies from 'js-cookie';
import { platformConstants } from '#metadata';

/** When a permanent cookie written now expires (about 3 years ahead). */
export function permanentCookieExpiry(now: number = Date.now()): Date {
  return new Date(now + platformConstants.permanentCookieMs);
}

/**
 * Writes a site-wide cookie that lasts `platformConstants.permanentCookieMs`.
 *
 * @example writePermanentCookie(cookieNames.language, 'en-gb')
 */
export function writePermanentCookie(name: string, value: string): void {
  Cookies.set(name, value, {
    expires: permanentCookieExpiry(),
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

/** Reads a cookie, `undefined` when absent. */
export function readCookie(name: string): string | undefined {
  return Cookies.get(name);
}
