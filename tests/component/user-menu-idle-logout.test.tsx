import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellLayout } from '../../app/shell/shell-layout';
import { resetDialogs, useSession } from '#platform/ui';
import { FakeAuthServer } from '../support/fake-auth-server';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

let server: FakeAuthServer;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server = new FakeAuthServer();
  vi.stubGlobal('fetch', server.fetch);
  useSession.setState({
    user: aSignedInUser(),
    permissions: [],
    authenticated: true,
    loaded: true,
  });
});
afterEach(() => {
  act(() => resetDialogs());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('idle logout', () => {
  it('signs out with the same logout as the user menu and stays on the login page', async () => {
    const release = server.holdLogout();
    const router = openAppAt('/about/reportaproblem', { layout: ShellLayout });
    await screen.findByRole('heading', { level: 1, name: 'Report a problem' });

    for (let minute = 0; minute < 10; minute += 1) {
      await act(() => vi.advanceTimersByTimeAsync(60_000));
    }

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState()).toMatchObject({ user: null, authenticated: false });
    expect(server.to('/api/auth/logout')).toHaveLength(1);
    release();
    expect(
      await screen.findByText('You were automatically logged out when your session expired.'),
    ).toBeInTheDocument();
  });
});
