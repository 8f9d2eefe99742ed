import { AppError } from '../../errors/app-error';

/**
 * Checks a save of an existing row: the row must exist (404), the save must carry the
 * version it was read at (400) and that version must still be current (409).
 */
export function currentRow<Row extends { version: number }>(
  row: Row | undefined,
  version: number | undefined,
  what: string,
): Row {
  if (!row) throw new AppError('NotFound', `The ${what} does not exist.`);
  if (version === undefined) {
    throw new AppError('BadRequest', 'Version is required to save an existing row.', [
      { Field: 'Version', Message: 'is required' },
    ]);
  }
  if (row.version !== version) throw staleSave(what);
  return row;
}

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
