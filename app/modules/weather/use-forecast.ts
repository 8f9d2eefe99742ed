import { useCallback, useEffect, useState } from 'react';
import type { Forecast } from '#metadata';
import { HttpError } from '#platform/ui';
import { readLoadFailure, type LoadFailure } from './load-failure';
import { fetchForecast } from './weather-api';

interface Answer {
  for: string;
  forecast: Forecast | null;
  failure: LoadFailure | null;
}

function readForecastFailure(error: unknown): LoadFailure {
  if (error instanceof HttpError && error.status === 404) {
    return { key: 'WEATHER.FORECAST.NOT_FOUND', retry: true };
  }
  return readLoadFailure(error, 'WEATHER.FORECAST.FAILED');
}

/** The forecast of one site, loaded when the site changes (and again on `retry`). */
export function useForecast(siteId: number | null) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const request = siteId === null ? null : `${siteId}:${attempt}`;

  useEffect(() => {
    if (siteId === null || request === null) return;
    const controller = new AbortController();
    fetchForecast(siteId, controller.signal).then(
      (forecast) => {
        if (!controller.signal.aborted) setAnswer({ for: request, forecast, failure: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ for: request, forecast: null, failure: readForecastFailure(error) });
      },
    );
    return () => controller.abort();
  }, [siteId, request]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const current = request !== null && answer?.for === request;
  return {
    forecast: current ? answer.forecast : null,
    failure: current ? answer.failure : null,
    loading: request !== null && !current,
    retry,
  };
}
