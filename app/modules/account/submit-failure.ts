import { HttpError, PasswordHashingUnavailableError } from '#platform/ui';

/**
 * The message key for a form whose request failed, or null when the global HTTP handling
 * already told the user (dialog or navigation).
 */
export function submitFailure(error: unknown, fallbackKey: string): string | null {
  if (error instanceof PasswordHashingUnavailableError) return 'PAGES.LOGIN.INSECURE_CONNECTION';
  if (error instanceof HttpError) return null;
  console.error(error);
  return fallbackKey;
}
