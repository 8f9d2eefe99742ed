import { create } from 'zustand';

interface NavigationHistoryState {
  /** The URL (path, query, hash) of the route on screen. */
  current: string | null;
  /** The URL of the route shown before it. */
  previous: string | null;
}

/**
 * The route on screen and the one before it; routes record themselves as they open.
 *
 * @example const previous = useNavigationHistory((state) => state.previous);
 */
export const useNavigationHistory = create<NavigationHistoryState>(() => ({
  current: null,
  previous: null,
}));

/** Records that a route opened at `url`; the same URL twice in a row is one visit. */
export function recordVisit(url: string): void {
  const { current } = useNavigationHistory.getState();
  if (current === url) return;
  useNavigationHistory.setState({ previous: current, current: url });
}

/**
 * The URL of the route shown before the current one, or null on the first page.
 *
 * @example const back = usePreviousLocation() ?? '/';
 */
export function usePreviousLocation(): string | null {
  return useNavigationHistory((state) => state.previous);
}
