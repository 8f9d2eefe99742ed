import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountPaths, type ConfirmEmailResult } from '#metadata';
import { useSession } from '#platform/ui';
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

describe('e-mail confirmation screen', () => {
  it('confirms the ticket once (status 0, then 2) and offers the sign-in page', async () => {
    const answer = held<ConfirmEmailResult>();
    confirmAnswer = () => answer.promise;
    const router = openAppAt('/confirmemail/abc_DEF-123');
    expect(await screen.findByText('Confirming your e-mail address…')).toBeVisible();
    expect(statusOf()).toBe('0');
    await waitFor(() => expect(api.to(accountPaths.confirmEmail)).toHaveLength(1));
    expect(api.to(accountPaths.confirmEmail)[0]?.body).toEqual({ Ticket: 'abc_DEF-123' });

    answer.release({ Succeeded: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address is confirmed' }),
    ).toBeVisible();
    expect(statusOf()).toBe('2');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thank you. You can now sign in to your account.',
    );
    expect(api.to(accountPaths.confirmEmail)).toHaveLength(1);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows an unknown, used or expired ticket as invalid (status -1), with the way out', async () => {
    confirmAnswer = () => ({ Succeeded: false, InvalidTicket: true });
    const router = openAppAt('/confirmemail/used');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link does not work' }),
    ).toBeVisible();
    expect(statusOf()).toBe('-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Forgot your password?');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
