import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the browser may take to find the device, before the page says so. */
export const locationTimeoutMs = 15_000;

export type LocationProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export interface DevicePoint {
  latitude: number;
  longitude: number;
  /** Radius of the 95% circle, m. */
  accuracy: number | null;
}

// GeolocationPositionError's codes; the class itself is missing from some test environments.
const problems: Record<number, LocationProblem> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * Asks the browser where the device is. `locate` starts a lookup; its answer goes to `onFound`,
 * or `problem` says why there is none.
 */
export function useDeviceLocation(onFound: (point: DevicePoint) => void) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  const attempt = useRef(0);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  const locate = useCallback(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setProblem('unsupported');
      return;
    }
    const current = ++attempt.current;
    setLocating(true);
    setProblem(null);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        if (current !== attempt.current) return;
        setLocating(false);
        found.current({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: Number.isFinite(coords.accuracy) ? coords.accuracy : null,
        });
      },
      (error) => {
        if (current !== attempt.current) return;
        setLocating(false);
        setProblem(problems[error.code] ?? 'unavailable');
      },
      { enableHighAccuracy: false, timeout: locationTimeoutMs, maximumAge: 60_000 },
    );
  }, []);

  const dismiss = useCallback(() => setProblem(null), []);
  return { locate, locating, problem, dismiss };
}
