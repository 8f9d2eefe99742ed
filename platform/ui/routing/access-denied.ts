/** Name of the window event broadcast when a route is refused. */
export const accessDeniedEvent = 'app:access-denied';

export interface AccessDeniedDetail {
  /** The refused URL: path, query and hash. */
  path: string;
  /** The permission expression that failed. */
  permission: string;
}

/** Broadcasts that a route was refused, as a `CustomEvent` on `window`. */
export function broadcastAccessDenied(detail: AccessDeniedDetail): void {
  window.dispatchEvent(new CustomEvent<AccessDeniedDetail>(accessDeniedEvent, { detail }));
}

/**
 * Calls `listener` on every refused route; returns the unsubscribe function.
 *
 * @example
 * useEffect(() => onAccessDenied(({ path }) => console.info('refused', path)), []);
 */
export function onAccessDenied(listener: (detail: AccessDeniedDetail) => void): () => void {
  const handler = (event: Event) => {
    if (event instanceof CustomEvent) listener(event.detail as AccessDeniedDetail);
  };
  window.addEventListener(accessDeniedEvent, handler);
  return () => window.removeEventListener(accessDeniedEvent, handler);
}
