import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountPaths, type ConfirmEmailResult } from '#metadata';
import { useSession } from '#platform/ui';
import { browserDigest } from '../../server/security/browser-digest';
import { fakeApi, held } from '../support/fake-api';
import { openAppAt } from '../support/open-app';

let confirmAnswer: () => ConfirmEmailResult | Promise<ConfirmEmailResult>;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  confirmAnswer = () => ({ Succeeded: true });
  api = fakeApi({ [`POST ${accountPaths.confirmEmail}`]: () => confirmAnswer() });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
});
afterEach(() => vi.unstubAllGlobals());

const statusOf = () => document.querySelector('[data-status]')?.getAttribute('data-status');
const passwordField = () => screen.getByLabelText(/^Password/);

describe('e-mail confirmation screen', () => {
  it('asks for the registration password, confirms once with it (status 1, then 2) and offers sign-in', async () => {
    const user = userEvent.setup();
    const answer = held<ConfirmEmailResult>();
    confirmAnswer = () => answer.promise;
    const router = openAppAt('/confirmemail/abc_DEF-123');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' }),
    ).toBeVisible();
    expect(statusOf()).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(passwordField()).toHaveAccessibleDescription('Enter your password.');
    expect(api.to(accountPaths.confirmEmail)).toHaveLength(0);

    await user.type(passwordField(), 'Register-2026!');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.to(accountPaths.confirmEmail)).toHaveLength(1));
    expect(api.to(accountPaths.confirmEmail)[0]?.body).toEqual({
      Ticket: 'abc_DEF-123',
      Password: browserDigest('Register-2026!'),
    });

    answer.release({ Succeeded: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' }),
    ).toBeVisible();
    expect(statusOf()).toBe('2');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thank you. You can now sign in to your account.',
    );
    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says when the password is not the one chosen at registration, and lets the user try again', async () => {
    const user = userEvent.setup();
    confirmAnswer = () => ({ Succeeded: false, InvalidPassword: true });
    openAppAt('/confirmemail/abc');
    await user.type(await screen.findByLabelText(/^Password/), 'Guess-2026!');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(passwordField()).toHaveAccessibleDescription(
        'This is not the password chosen at registration. If you did not register, ignore this link.',
      ),
    );
    expect(statusOf()).toBe('1');
    confirmAnswer = () => ({ Succeeded: true });
    await user.type(passwordField(), 'x');
    expect(passwordField()).not.toHaveAccessibleDescription(/not the password/);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' }),
    ).toBeVisible();
    expect(api.to(accountPaths.confirmEmail)).toHaveLength(2);
  });

  it('shows an unknown, used or expired ticket as invalid (status -1), with the way out', async () => {
    const user = userEvent.setup();
    confirmAnswer = () => ({ Succeeded: false, InvalidTicket: true });
    const router = openAppAt('/confirmemail/used');
    await user.type(await screen.findByLabelText(/^Password/), 'Register-2026!');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work' }),
    ).toBeVisible();
    expect(statusOf()).toBe('-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Forgot your password?');

    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
