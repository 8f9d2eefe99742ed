const returnPathKey = 'returnPath';

/** Remembers where to go after sign-in (session storage, so per tab). */
export function setReturnPath(path: string): void {
  sessionStorage.setItem(returnPathKey, path);
}

/**
 * Where the user wanted to go before being sent to sign in, or null.
 *
 * @example navigate(getReturnPath() ?? '/', { replace: true }); clearReturnPath();
 */
export function getReturnPath(): string | null {
  return sessionStorage.getItem(returnPathKey);
}

/** Forgets the return path once it has been used. */
export function clearReturnPath(): void {
  sessionStorage.removeItem(returnPathKey);
}
