import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountPaths, type RecoverPasswordResult } from '#metadata';
import { dialogs, useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { openAppAt } from '../support/open-app';

let answer: RecoverPasswordResult | Response;
let registrationAllowed: boolean;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  answer = { ShowHelpfulMessages: false, Successfully: true, Exception: null };
  registrationAllowed = true;
  api = fakeApi({
    [`POST ${accountPaths.recoverPassword}`]: () => answer,
    [`GET ${accountPaths.registrationOptions}`]: () => ({
      RegistrationAllowed: registrationAllowed,
    }),
    'GET /api/auth/LoginOptions': () => ({ DemoAccounts: [], DemoPassword: null }),
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

async function openRecoverDialog() {
  openAppAt('/login');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Recover your password' });
  return { user, dialog };
}

async function send(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  email = 'jo@example.com',
) {
  await user.type(
    within(dialog).getByRole('textbox', { name: 'E-mail address or user name' }),
    email,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
}

describe('recover password from the login page', () => {
  it('sends the address and language, and says only that a mail may be on its way', async () => {
    const { user, dialog } = await openRecoverDialog();
    await send(user, dialog);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'If an account has this address, a mail with a link to choose a new password is on its way.',
    );
    expect(api.to(accountPaths.recoverPassword)[0]?.body).toEqual({
      Email: 'jo@example.com',
      Language: 'en-gb',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('with helpful messages on, says it was sent, or shows the server reason', async () => {
    answer = {
      ShowHelpfulMessages: true,
      Successfully: false,
      Exception: 'No active account has this e-mail address.',
    };
    const { user, dialog } = await openRecoverDialog();
    await send(user, dialog, 'nobody@example.com');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No active account has this e-mail address.',
    );

    answer = { ShowHelpfulMessages: true, Successfully: true, Exception: null };
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'A mail with a link to choose a new password has been sent.',
    );
  });

  it("shows the server's Message when the request fails", async () => {
    answer = Response.json(
      { Message: 'Too many requests; try again in 42 seconds.' },
      { status: 429 },
    );
    const { user, dialog } = await openRecoverDialog();
    await send(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests; try again in 42 seconds.',
    );
  });

  it('says what it accepts and asks for it before sending', async () => {
    const { user, dialog } = await openRecoverDialog();
    expect(dialog).toHaveTextContent('Enter your e-mail address or user name.');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(
      within(dialog).getByRole('textbox', { name: 'E-mail address or user name' }),
    ).toHaveAccessibleDescription('Enter your e-mail address or user name.');
    expect(api.to(accountPaths.recoverPassword)).toHaveLength(0);
  });

  it('checks the form of the address before sending', async () => {
    const { user, dialog } = await openRecoverDialog();
    const field = within(dialog).getByRole('textbox', { name: 'E-mail address or user name' });
    for (const typed of ['jo@example', 'jo smith', 'jo@@example.com']) {
      await user.clear(field);
      await send(user, dialog, typed);
      expect(field, typed).toHaveAccessibleDescription(
        'Enter your e-mail address (name@example.com) or your user name, without spaces.',
      );
    }
    expect(api.to(accountPaths.recoverPassword)).toHaveLength(0);
  });

  it('sends a user name as it sends an address', async () => {
    const { user, dialog } = await openRecoverDialog();
    await send(user, dialog, '  employee1 ');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'If an account has this address, a mail with a link to choose a new password is on its way.',
    );
    expect(api.to(accountPaths.recoverPassword)[0]?.body).toEqual({
      Email: 'employee1',
      Language: 'en-gb',
    });
  });

  it('links to registration only while it is open', async () => {
    openAppAt('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('hides the registration link while companies are enabled', async () => {
    registrationAllowed = false;
    openAppAt('/login');
    await screen.findByRole('button', { name: 'Forgot your password?' });
    await waitFor(() => expect(api.to(accountPaths.registrationOptions)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});
