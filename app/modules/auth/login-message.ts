import type { LoginResult } from '#metadata';
import { HttpError, PasswordHashingUnavailableError } from '#platform/ui';

/** A message of the sign-in screen: a translation key and, for the lockout, the wait. */
export interface LoginMessage {
  key: string;
  lockedForSeconds?: number;
}

const flagMessages: ReadonlyArray<[keyof LoginResult, string]> = [
  ['EmailNotConfirmed', 'PAGES.LOGIN.EMAIL_NOT_CONFIRMED'],
  ['UserNotActive', 'PAGES.LOGIN.USER_NOT_ACTIVE'],
  ['InvalidCaptcha', 'PAGES.LOGIN.INVALID_CAPTCHA'],
  ['UserNotFound', 'PAGES.LOGIN.USER_NOT_FOUND'],
  ['InvalidPassword', 'PAGES.LOGIN.INVALID_PASSWORD'],
  ['InvalidUserOrPassword', 'PAGES.LOGIN.INVALID_USER_OR_PASSWORD'],
];

/** The message for a refused sign-in, one per failure flag. */
export function refusalMessage(result: LoginResult): LoginMessage {
  if (result.InvalidPasswordAttempts) {
    return result.LockedForSeconds && result.LockedForSeconds > 0
      ? { key: 'PAGES.LOGIN.INVALID_PASSWORD_ATTEMPTS', lockedForSeconds: result.LockedForSeconds }
      : { key: 'PAGES.LOGIN.INVALID_PASSWORD_ATTEMPTS_LATER' };
  }
  const flagged = flagMessages.find(([flag]) => result[flag] === true);
  if (flagged) return { key: flagged[1] };
  if (result.CaptchaRequired) return { key: 'PAGES.LOGIN.CAPTCHA_REQUIRED' };
  return { key: 'PAGES.LOGIN.FAILED' };
}

/** The message for a sign-in that could not be asked at all. */
export function errorMessage(error: unknown): LoginMessage {
  if (error instanceof PasswordHashingUnavailableError) {
    return { key: 'PAGES.LOGIN.INSECURE_CONNECTION' };
  }
  if (error instanceof HttpError && error.status === 0) return { key: 'ERRORS.NETWORK' };
  if (error instanceof HttpError && error.status === 429) {
    return { key: 'PAGES.LOGIN.TOO_MANY_REQUESTS' };
  }
  if (error instanceof HttpError && error.status === 503) return { key: 'PAGES.LOGIN.SERVER_BUSY' };
  return { key: 'PAGES.LOGIN.SERVER_ERROR' };
}

function formatUnit(value: number, unit: 'minute' | 'second', language: string): string {
  const options = { style: 'unit', unit, unitDisplay: 'long' } as const;
  try {
    return new Intl.NumberFormat(language, options).format(value);
  } catch {
    return new Intl.NumberFormat(undefined, options).format(value);
  }
}

/**
 * How long a locked account waits, in the user's language: seconds under a minute,
 * otherwise whole minutes rounded up.
 *
 * @example formatWait(300, 'en-gb') // '5 minutes'
 */
export function formatWait(seconds: number, language: string): string {
  return seconds < 60
    ? formatUnit(Math.ceil(seconds), 'second', language)
    : formatUnit(Math.ceil(seconds / 60), 'minute', language);
}
