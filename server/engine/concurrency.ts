import { AppError } from '../errors/app-error';

export function staleSave(what: string): AppError {
  return new AppError(
    'Conflict',
    `The ${what} was changed by someone else. Reload it and make your changes again.`,
  );
}

/** A unique constraint refused a write: a name became taken between check and write. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
