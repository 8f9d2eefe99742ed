import { platformConstants } from '#metadata';

/** The clock the idle timer runs on; tests pass fake timers or a manual scheduler. */
export interface IdleScheduler {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export interface IdleTimerOptions {
  /** Called at each warning minute (8 and 9), unless on the login page. */
  onNotice: (minute: number) => void;
  /** Called when the idle time reaches the logout minute (10), unless on the login page. */
  onTimeout: () => void;
  isOnLoginPage: () => boolean;
  scheduler?: IdleScheduler;
}

export interface IdleTimer {
  start: () => void;
  stop: () => void;
  /** Activity: the idle time starts again from zero. */
  reset: () => void;
  /** Whole minutes without activity. */
  idleMinutes: () => number;
}

const msPerMinute = 60_000;

// Looked up at call time, so fake timers installed after import still apply.
const globalScheduler: IdleScheduler = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Counts idle minutes, checked every `idleCheckIntervalMs`, and raises the session
 * warnings and the timeout of the spec (administration, "Session idle"). No React.
 *
 * @example
 * const timer = createIdleTimer({ onNotice, onTimeout, isOnLoginPage: () => path === '/login' });
 * timer.start();
 * window.addEventListener('keydown', timer.reset);
 */
export function createIdleTimer({
  onNotice,
  onTimeout,
  isOnLoginPage,
  scheduler = globalScheduler,
}: IdleTimerOptions): IdleTimer {
  const { idleCheckIntervalMs, idleWarningMinutes, idleLogoutMinutes } = platformConstants;
  const warningMinutes: readonly number[] = idleWarningMinutes;
  let idleMs = 0;
  let handle: unknown;
  let running = false;

  const idleMinutes = () => Math.floor(idleMs / msPerMinute);

  const check = () => {
    idleMs += idleCheckIntervalMs;
    if (isOnLoginPage()) return;
    const minutes = idleMinutes();
    if (minutes >= idleLogoutMinutes) {
      idleMs = 0;
      onTimeout();
    } else if (warningMinutes.includes(minutes)) {
      onNotice(minutes);
    }
  };

  return {
    start: () => {
      if (running) return;
      running = true;
      handle = scheduler.setInterval(check, idleCheckIntervalMs);
    },
    stop: () => {
      if (!running) return;
      running = false;
      scheduler.clearInterval(handle);
    },
    reset: () => {
      idleMs = 0;
    },
    idleMinutes,
  };
}
