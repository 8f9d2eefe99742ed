import { useCallback, useEffect, useState } from 'react';
import type { WeatherSite } from '#metadata';
import { readLoadFailure, type LoadFailure } from './load-failure';
import { originPoint, type SearchOrigin } from './search-origin';
import { findNearestSites } from './weather-api';

interface Answer {
  for: SearchOrigin;
  attempt: number;
  sites: WeatherSite[] | null;
  failure: LoadFailure | null;
}

/** The sites nearest the origin, loaded whenever it changes (and again on `retry`). */
export function useNearestSites(origin: SearchOrigin | null) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!origin) return;
    const controller = new AbortController();
    findNearestSites(originPoint(origin), controller.signal).then(
      (sites) => {
        if (!controller.signal.aborted) setAnswer({ for: origin, attempt, sites, failure: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({
          for: origin,
          attempt,
          sites: null,
          failure: readLoadFailure(error, 'WEATHER.SITES.FAILED'),
        });
      },
    );
    return () => controller.abort();
  }, [origin, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const current = answer !== null && answer.for === origin && answer.attempt === attempt;
  return {
    sites: current ? answer.sites : null,
    failure: current ? answer.failure : null,
    loading: origin !== null && !current,
    retry,
  };
}
