import { useEffect, useRef, useState } from 'react';

interface Stamped {
  savedAt: number;
  value: unknown;
}

/**
 * The value kept under `key` in this browser if it was saved less than `maxAgeMs` ago, else
 * undefined (also when storage is unavailable or holds something else). `accept` checks the
 * stored value's shape: an older release's value is dropped rather than trusted.
 *
 * @example readFresh('home.filters', 28_800_000, isFilters) // restored within 8 hours only
 */
export function readFresh<T>(
  key: string,
  maxAgeMs: number,
  accept: (value: unknown) => value is T,
): T | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Stamped | null;
    if (!stored || typeof stored.savedAt !== 'number') return undefined;
    const age = Date.now() - stored.savedAt;
    if (age < 0 || age >= maxAgeMs) return undefined;
    return accept(stored.value) ? stored.value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value` under `key` with the time it was saved (see `readFresh`). */
export function writeStamped(key: string, value: unknown): void {
  try {
    const stamped: Stamped = { savedAt: Date.now(), value };
    window.localStorage.setItem(key, JSON.stringify(stamped));
  } catch {
    // Not kept (private mode, full storage): the value still applies until the page is left.
  }
}

/**
 * State kept in this browser and restored on the next load while it is fresh (saved less than
 * `maxAgeMs` ago); each change saves it again. Without a key it is plain state.
 *
 * @example
 * const [showPast, setShowPast] = useFreshState('home.showPast', false, 28_800_000, isBoolean);
 */
export function useFreshState<T>(
  key: string | undefined,
  initial: T,
  maxAgeMs: number,
  accept: (value: unknown) => value is T,
): [T, (next: T | ((old: T) => T)) => void] {
  const [value, setValue] = useState<T>(() =>
    key === undefined ? initial : (readFresh(key, maxAgeMs, accept) ?? initial),
  );
  const first = useRef(true);
  useEffect(() => {
    // Restoring is not a change: only what the user does later renews the stamp.
    if (first.current) {
      first.current = false;
      return;
    }
    if (key !== undefined) writeStamped(key, value);
  }, [key, value]);
  return [value, setValue];
}
