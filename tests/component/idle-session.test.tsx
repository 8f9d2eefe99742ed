import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost, resetDialogs } from '../../platform/ui/dialogs';
import { useIdleSession, type IdleSessionOptions } from '../../platform/ui/session';
import { createTestI18n, renderWithProviders } from '../support/render';

const minute = 60_000;
const notice = 'Your session will time out shortly.';
const loggedOut = 'You were automatically logged out when your session expired.';
const navigate = vi.fn<(path: string) => void>();
const onLogout = vi.fn<() => Promise<void>>();
let onLoginPage = false;

function IdleProbe(props: IdleSessionOptions) {
  useIdleSession(props);
  return null;
}

function renderSession(
  enabled = true,
  isOnLoginPage: IdleSessionOptions['isOnLoginPage'] = () => onLoginPage,
) {
  const i18n = createTestI18n();
  return renderWithProviders(
    <>
      <DialogHost />
      <IdleProbe
        enabled={enabled}
        isOnLoginPage={isOnLoginPage}
        onLogout={onLogout}
        navigate={navigate}
      />
    </>,
    { i18n },
  );
}

/** Moves the clock in steps, letting React and Mantine's transitions catch up in between. */
async function idleFor(ms: number, step = 10_000) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - passed)));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  onLoginPage = false;
  onLogout.mockResolvedValue(undefined);
});

afterEach(() => {
  act(() => resetDialogs());
  navigate.mockReset();
  onLogout.mockReset();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session idle', () => {
  it('warns at 8 and 9 minutes, then at 10 goes to login, logs out and says why', async () => {
    renderSession();
    await idleFor(8 * minute - 10_000);
    expect(screen.queryByText(notice)).not.toBeInTheDocument();

    await idleFor(10_000);
    expect(screen.getByText(notice)).toBeInTheDocument();
    await idleFor(minute);
    await idleFor(1_000, 500); // the 8-minute notice leaves as the 9-minute one arrives
    expect(screen.getAllByText(notice)).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();

    await idleFor(minute);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
    expect(onLogout).toHaveBeenCalledOnce();
    const dialog = screen.getByRole('dialog', { name: /information/i });
    expect(within(dialog).getByText(loggedOut)).toBeInTheDocument();
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
  });

  it('shows the notice for 120000 ms, and activity starts the count again', async () => {
    renderSession();
    await idleFor(9 * minute);
    fireEvent.mouseMove(window);
    await idleFor(2 * minute - 10_000);
    expect(screen.getByText(notice)).toBeInTheDocument();
    await idleFor(10_000);
    await idleFor(1_000, 500);
    expect(screen.queryByText(notice)).not.toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'a' });
    await idleFor(9 * minute);
    expect(navigate).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
    await idleFor(minute);
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it.each([
    ['asked each minute', () => true],
    ['given as a value', true],
  ] as const)('does nothing on the login page (%s)', async (_, isOnLoginPage) => {
    renderSession(true, isOnLoginPage);
    await idleFor(20 * minute, minute);
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does nothing, and listens to nothing, when disabled', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    renderSession(false);
    await idleFor(20 * minute, minute);

    expect(listen.mock.calls.map(([type]) => type)).not.toContain('mousemove');
    expect(screen.queryByText(notice)).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('stops when unmounted', async () => {
    const { unmount } = renderSession();
    unmount();
    await idleFor(20 * minute, minute);
    expect(onLogout).not.toHaveBeenCalled();
  });
});
