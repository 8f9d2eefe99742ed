import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellLayout } from '../../app/shell/shell-layout';
import {
  clearReturnPath,
  getReturnPath,
  lockNavigation,
  unlockNavigation,
  useSession,
} from '#platform/ui';
import { FakeAuthServer } from '../support/fake-auth-server';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

let server: FakeAuthServer;

const header = () => screen.getByRole('banner');

beforeEach(() => {
  server = new FakeAuthServer();
  vi.stubGlobal('fetch', server.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
  clearReturnPath();
});
afterEach(() => vi.unstubAllGlobals());

describe('user menu', () => {
  it('locks the profile and sign-out links while navigation is locked', async () => {
    const jo = aSignedInUser();
    server.user = jo;
    useSession.setState({ user: jo, permissions: [], authenticated: true });
    openAppAt('/about/reportaproblem', { layout: ShellLayout });
    const user = userEvent.setup();
    lockNavigation('unsaved-form');
    try {
      await user.click(
        await within(await screen.findByRole('banner')).findByRole('button', { name: 'Jo Bloggs' }),
      );
      const profile = await screen.findByRole('menuitem', { name: 'Profile', hidden: true });
      const signOut = screen.getByRole('menuitem', { name: 'Sign out', hidden: true });
      expect(profile).toHaveAttribute('data-disabled', 'true');
      expect(signOut).toHaveAttribute('data-disabled', 'true');
      expect(screen.getByText('Save or cancel your changes first.')).toBeInTheDocument();
      await user.click(signOut);
      expect(server.to('/api/auth/logout')).toHaveLength(0);
    } finally {
      unlockNavigation('unsaved-form');
    }
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Sign out', hidden: true })).not.toHaveAttribute(
        'data-disabled',
      ),
    );
  });

  it('offers anonymous users a link to sign in', async () => {
    const router = openAppAt('/', { layout: ShellLayout });
    const link = await within(await screen.findByRole('banner')).findByRole('link', {
      name: 'Sign in',
    });
    expect(link).toHaveAttribute('href', '/login');

    await userEvent.setup().click(link);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(within(header()).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it("shows the signed-in user's name, and signing out ends the session and opens /login", async () => {
    const jo = aSignedInUser();
    server.user = jo;
    useSession.setState({ user: jo, permissions: ['ManageUsers'], authenticated: true });
    const release = server.holdLogout();
    const router = openAppAt('/about/reportaproblem', { layout: ShellLayout });
    const user = userEvent.setup();

    await user.click(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Jo Bloggs' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState()).toMatchObject({
      user: null,
      permissions: [],
      authenticated: false,
    });
    expect(server.to('/api/auth/logout')).toHaveLength(1);
    expect(server.to('/api/auth/logout')[0]?.method).toBe('POST');
    release();
    expect(getReturnPath()).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Jo Bloggs' })).not.toBeInTheDocument();
  });

  it('still signs out in the browser when the server cannot be reached', async () => {
    const jo = aSignedInUser();
    useSession.setState({ user: jo, permissions: [], authenticated: true });
    server.fetch.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/api/auth/logout')) throw new TypeError('Failed to fetch');
      return Response.json(null);
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = openAppAt('/', { layout: ShellLayout });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Jo Bloggs' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().authenticated).toBe(false);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
