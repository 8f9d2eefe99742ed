import { HttpError } from '#platform/ui';

/** Why something could not be loaded, as a translation key, and whether trying again may help. */
export interface LoadFailure {
  key: string;
  retry: boolean;
}

/** Reads a failed request the page handles itself, as the compaction calculator does. */
export function readLoadFailure(error: unknown, fallbackKey: string): LoadFailure {
  if (error instanceof HttpError) {
    if (error.status === 0) return { key: 'ERRORS.NETWORK', retry: true };
    if (error.status === 401 || error.status === 403) {
      return { key: `ERRORS.HTTP.${error.status}`, retry: false };
    }
    return { key: fallbackKey, retry: true };
  }
  console.error(error);
  return { key: fallbackKey, retry: true };
}
