import { useEffect, useId } from 'react';
import { create } from 'zustand';

interface NavigationLockState {
  /** Who holds the lock (a screen with unsaved changes, a save under way). */
  holders: ReadonlySet<string>;
}

const useLockStore = create<NavigationLockState>(() => ({ holders: new Set() }));

export function lockNavigation(holder: string): void {
  useLockStore.setState(({ holders }) => ({ holders: new Set(holders).add(holder) }));
}

export function unlockNavigation(holder: string): void {
  useLockStore.setState(({ holders }) => {
    const next = new Set(holders);
    next.delete(holder);
    return { holders: next };
  });
}

/** True while anything holds the navigation lock (the spec locks the profile and logout links). */
export function useNavigationLocked(): boolean {
  return useLockStore((state) => state.holders.size > 0);
}

/**
 * Holds the navigation lock while `active` (e.g. a form with unsaved changes or a save under
 * way); closing the tab meanwhile asks the browser's "leave site?" question.
 *
 * @example useNavigationLock(dirty || saving);
 */
export function useNavigationLock(active: boolean): void {
  const holder = useId();
  useEffect(() => {
    if (!active) return;
    lockNavigation(holder);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      unlockNavigation(holder);
      window.removeEventListener('beforeunload', warn);
    };
  }, [active, holder]);
}
