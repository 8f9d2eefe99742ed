import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearReturnPath, useSession } from '#platform/ui';
import { FakeAuthServer } from '../support/fake-auth-server';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const demoOptions = {
  DemoAccounts: [
    { Name: 'admin', Description: 'Administrator with every permission' },
    { Name: 'employee1', Description: 'Sample employee of the north depot' },
  ],
  DemoPassword: 'Demo-2026!',
};

let server: FakeAuthServer;

beforeEach(() => {
  server = new FakeAuthServer();
  vi.stubGlobal('fetch', server.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
  clearReturnPath();
});
afterEach(() => vi.unstubAllGlobals());

describe('demo shortcuts', () => {
  it('lists each demo account with its description in a named region', async () => {
    server.loginOptions = demoOptions;
    openAppAt('/login');

    const region = await screen.findByRole('region', { name: 'Demo accounts' });
    const buttons = within(region).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'admin Administrator with every permission',
      'employee1 Sample employee of the north depot',
    ]);
  });

  it('signs in as the account in one click, with the demo password hashed', async () => {
    server.loginOptions = demoOptions;
    server.userAfterSignIn = aSignedInUser({ Name: 'employee1', FullName: 'Emma Employee' });
    const router = openAppAt('/login');
    const region = await screen.findByRole('region', { name: 'Demo accounts' });

    await userEvent.setup().click(within(region).getByRole('button', { name: /^employee1/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.to('/api/auth/login')[0]?.body).toEqual({
      User: 'employee1',
      Pass: sha512('Demo-2026!'),
      Save: false,
      FingerPrint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(useSession.getState().user?.FullName).toBe('Emma Employee');
  });

  it('locks the shortcuts while a sign-in runs', async () => {
    server.loginOptions = demoOptions;
    const release = server.holdLogin();
    openAppAt('/login');
    const region = await screen.findByRole('region', { name: 'Demo accounts' });

    await userEvent.setup().click(within(region).getByRole('button', { name: /^admin/ }));

    await waitFor(() => expect(server.to('/api/auth/login')).toHaveLength(1));
    for (const button of within(region).getAllByRole('button')) expect(button).toBeDisabled();
    release({ Succeeded: false, CaptchaRequired: false, UserNotActive: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not active.');
    for (const button of within(region).getAllByRole('button')) expect(button).toBeEnabled();
  });

  it.each([
    ['there are no demo accounts', { DemoAccounts: [], DemoPassword: null }],
    ['no demo password is given', { ...demoOptions, DemoPassword: null }],
  ])('are hidden when %s', async (_case, options) => {
    server.loginOptions = options;
    openAppAt('/login');
    await screen.findByRole('heading', { name: 'Sign in' });

    await waitFor(() => expect(server.to('/api/auth/LoginOptions')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Demo accounts' })).not.toBeInTheDocument();
    expect(screen.queryByText('Demo accounts')).not.toBeInTheDocument();
  });
});
