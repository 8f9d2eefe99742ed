import { useCallback, useEffect, useRef, useState } from 'react';
import type { Geolocation } from '#metadata';
import { HttpError } from '#platform/ui';
import { readLoadFailure } from './load-failure';
import { findPostcode } from './weather-api';

/**
 * Looks postcodes up: `lookup` answers the location, or null with `error` (a translation key)
 * saying why. A newer lookup makes an older answer irrelevant.
 */
export function usePostcodeLookup() {
  const [looking, setLooking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<AbortController | null>(null);
  useEffect(() => () => latest.current?.abort(), []);

  const lookup = useCallback(async (postcode: string): Promise<Geolocation | null> => {
    latest.current?.abort();
    if (!postcode.trim()) {
      setError('WEATHER.POSTCODE_REQUIRED');
      return null;
    }
    const controller = new AbortController();
    latest.current = controller;
    setLooking(true);
    setError(null);
    try {
      const location = await findPostcode(postcode.trim(), controller.signal);
      return controller.signal.aborted ? null : location;
    } catch (failure) {
      if (controller.signal.aborted) return null;
      const invalid = failure instanceof HttpError && [400, 404].includes(failure.status);
      setError(
        invalid
          ? 'WEATHER.INVALID_POSTCODE'
          : readLoadFailure(failure, 'WEATHER.POSTCODE_FAILED').key,
      );
      return null;
    } finally {
      if (latest.current === controller) setLooking(false);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { lookup, looking, error, clearError };
}
