import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultTexts } from '#metadata';
import {
  appI18n,
  clearReturnPath,
  getReturnPath,
  resetDialogs,
  setReturnPath,
  useSession,
} from '#platform/ui';
import { FakeAuthServer } from '../support/fake-auth-server';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

let server: FakeAuthServer;

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'User name' }), 'jo');
  await user.type(screen.getByLabelText('Password'), 'Demo-2026!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const homeHeading = { name: 'Welcome to the Asphalt Delivery Scheduler' };

// The session store translates its dialog with the application's own i18next instance.
beforeAll(async () => {
  await appI18n.init({
    lng: 'en-gb',
    lowerCaseLng: true,
    keySeparator: false,
    nsSeparator: false,
    resources: { 'en-gb': { translation: defaultTexts } },
  });
});
beforeEach(() => {
  server = new FakeAuthServer();
  vi.stubGlobal('fetch', server.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
  clearReturnPath();
});
afterEach(() => {
  resetDialogs();
  vi.unstubAllGlobals();
});

describe('after sign-in', () => {
  it('loads the session and goes home when no return path was saved', async () => {
    server.permissions = ['ManageUsers'];
    const router = openAppAt('/login');
    await signIn();

    expect(await screen.findByRole('heading', homeHeading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState()).toMatchObject({
      authenticated: true,
      user: server.userAfterSignIn,
      permissions: ['ManageUsers'],
    });
  });

  it('goes to the saved return path, once', async () => {
    setReturnPath('/about/reportaproblem?from=grid');
    const router = openAppAt('/login');
    await signIn();

    expect(await screen.findByRole('heading', { name: 'Report a problem' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=grid');
    expect(getReturnPath()).toBeNull();
  });

  it('opens the jobs page for administrators whose return path is the old /hangfireview', async () => {
    server.userAfterSignIn = aSignedInUser({ IsAdmin: true });
    server.permissions = ['ManageJobs'];
    setReturnPath('/hangfireview');
    const router = openAppAt('/login');
    await signIn();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Scheduled jobs' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/jobs');
    expect(getReturnPath()).toBeNull();
  });

  it('sends other users home instead of the jobs page', async () => {
    setReturnPath('/hangfireview');
    const router = openAppAt('/login');
    await signIn();

    expect(await screen.findByRole('heading', homeHeading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(getReturnPath()).toBeNull();
  });

  it('never follows a return path that leaves the site', async () => {
    setReturnPath('//evil.example/phish');
    const router = openAppAt('/login');
    await signIn();

    expect(await screen.findByRole('heading', homeHeading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the permission request fault with its detail, and still signs in', async () => {
    server.permissions = Response.json({ Message: 'Permissions store offline' }, { status: 500 });
    openAppAt('/login');
    await signIn();

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Your permissions could not be loaded (permission request fault). Permissions store offline',
    );
    expect(useSession.getState()).toMatchObject({ authenticated: true, permissions: [] });
  });

  it('says so when the account cannot be loaded after the server accepted the sign-in', async () => {
    server.userAfterSignIn = null as never;
    openAppAt('/login');
    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You were signed in, but your account could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('the login page', () => {
  it('sends a user who is already signed in home', async () => {
    useSession.setState({ user: aSignedInUser(), authenticated: true, loaded: true });
    const router = openAppAt('/login');

    expect(await screen.findByRole('heading', homeHeading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
