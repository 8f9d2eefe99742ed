import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer, type IdleTimer } from '../../platform/ui/session';

const minute = 60_000;
const onNotice = vi.fn<(minute: number) => void>();
const onTimeout = vi.fn<() => void>();
let onLoginPage = false;
let timer: IdleTimer;

beforeEach(() => {
  vi.useFakeTimers();
  onLoginPage = false;
  timer = createIdleTimer({ onNotice, onTimeout, isOnLoginPage: () => onLoginPage });
});

afterEach(() => {
  timer.stop();
  onNotice.mockReset();
  onTimeout.mockReset();
  vi.useRealTimers();
});

describe('idle timer', () => {
  it('warns at 8 and 9 idle minutes and times out at 10', () => {
    timer.start();
    vi.advanceTimersByTime(8 * minute - 1);
    expect(onNotice).not.toHaveBeenCalled();
    expect(timer.idleMinutes()).toBe(7);

    vi.advanceTimersByTime(1);
    expect(onNotice.mock.calls).toEqual([[8]]);
    vi.advanceTimersByTime(minute);
    expect(onNotice.mock.calls).toEqual([[8], [9]]);
    expect(onTimeout).not.toHaveBeenCalled();

    vi.advanceTimersByTime(minute);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onNotice).toHaveBeenCalledTimes(2);
  });

  it('starts counting again after activity', () => {
    timer.start();
    vi.advanceTimersByTime(7 * minute);
    timer.reset();
    expect(timer.idleMinutes()).toBe(0);

    vi.advanceTimersByTime(7 * minute);
    expect(onNotice).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3 * minute);
    expect(onNotice.mock.calls).toEqual([[8], [9]]);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('times out only once, then counts from zero', () => {
    timer.start();
    vi.advanceTimersByTime(10 * minute);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(timer.idleMinutes()).toBe(0);
    vi.advanceTimersByTime(5 * minute);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('does nothing on the login page', () => {
    onLoginPage = true;
    timer.start();
    vi.advanceTimersByTime(30 * minute);
    expect(onNotice).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('does nothing once stopped, and starting twice runs one clock', () => {
    timer.start();
    timer.start();
    vi.advanceTimersByTime(8 * minute);
    expect(onNotice).toHaveBeenCalledOnce();

    timer.stop();
    vi.advanceTimersByTime(10 * minute);
    expect(onNotice).toHaveBeenCalledOnce();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('runs on an injected scheduler, checking every 60000 ms', () => {
    let tick: () => void = () => {};
    const scheduler = {
      setInterval: vi.fn((callback: () => void) => {
        tick = callback;
        return 'handle';
      }),
      clearInterval: vi.fn(),
    };
    const manual = createIdleTimer({ onNotice, onTimeout, isOnLoginPage: () => false, scheduler });
    manual.start();
    expect(scheduler.setInterval).toHaveBeenCalledWith(expect.any(Function), 60_000);

    for (let check = 0; check < 10; check += 1) tick();
    expect(onNotice.mock.calls).toEqual([[8], [9]]);
    expect(onTimeout).toHaveBeenCalledOnce();
    manual.stop();
    expect(scheduler.clearInterval).toHaveBeenCalledWith('handle');
  });
});
