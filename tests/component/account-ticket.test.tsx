import { createHash } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountPaths, type ResetRegisterTicketResult, type TicketUser } from '#metadata';
import { useSession } from '#platform/ui';
import { fakeApi, held } from '../support/fake-api';
import { openAppAt } from '../support/open-app';

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

const validTicket: TicketUser = {
  Status: 'Valid',
  Purpose: 'reset',
  Name: 'Jo.Bloggs',
  Email: 'joanne@example.com',
  FullName: 'Jo Bloggs',
};

let ticketAnswer: () => TicketUser | Promise<TicketUser>;
let resetAnswer: ResetRegisterTicketResult;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  ticketAnswer = () => validTicket;
  resetAnswer = { Succeeded: true };
  api = fakeApi({
    [`GET ${accountPaths.userByTicket}/*`]: () => ticketAnswer(),
    [`POST ${accountPaths.resetRegisterTicket}`]: () => resetAnswer,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
});
afterEach(() => vi.unstubAllGlobals());

const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirm password/, { selector: 'input' });
const statusOf = () => document.querySelector('[data-status]')?.getAttribute('data-status');

async function choose(secret: string) {
  const user = userEvent.setup();
  await user.type(password(), secret);
  await user.type(confirmation(), secret);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  return user;
}

describe('ticket screens', () => {
  it('shows status 0 while the ticket is checked, then the form (status 1)', async () => {
    const answer = held<TicketUser>();
    ticketAnswer = () => answer.promise;
    openAppAt('/resetpassword/abc_DEF-123');
    expect(await screen.findByText('Checking your link…')).toBeVisible();
    expect(statusOf()).toBe('0');
    await waitFor(() => expect(api.to(`${accountPaths.userByTicket}/abc_DEF-123`)).toHaveLength(1));

    answer.release(validTicket);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    expect(statusOf()).toBe('1');
    expect(screen.getByText('Choose the password of the account Jo.Bloggs.')).toBeVisible();
  });

  it.each<TicketUser['Status']>(['Unknown', 'Used', 'Expired'])(
    'shows a %s ticket as invalid (status -1)',
    async (status) => {
      ticketAnswer = () => ({ Status: status });
      openAppAt('/resetpassword/old');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This link does not work' }),
      ).toBeVisible();
      expect(statusOf()).toBe('-1');
      expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    },
  );

  it('sets the password (status 2) with its SHA-512, then offers the sign-in page', async () => {
    const router = openAppAt('/resetpassword/the-ticket');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    const user = await choose('New-Secret-42');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password is set' }),
    ).toBeVisible();
    expect(statusOf()).toBe('2');
    expect(api.to(accountPaths.resetRegisterTicket)[0]?.body).toEqual({
      Ticket: 'the-ticket',
      User: {
        Password: sha512('New-Secret-42'),
        FingerPrint: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('refuses the user name as password, in any case, without asking the server', async () => {
    openAppAt('/resetpassword/the-ticket');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await choose('JO.BLOGGS');
    expect(password()).toHaveAccessibleDescription(
      expect.stringContaining('The password must not be the same as the user name.'),
    );
    expect(api.to(accountPaths.resetRegisterTicket)).toHaveLength(0);
  });

  it('applies the meter and the confirmation before sending', async () => {
    openAppAt('/resetpassword/the-ticket');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    const user = userEvent.setup();
    await user.type(password(), 'Joanne-2026-x');
    await user.type(confirmation(), 'Joanne-2026-X');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(password()).toHaveAccessibleDescription(
      expect.stringContaining('Do not use the name of your e-mail address in the password.'),
    );
    expect(confirmation()).toHaveAccessibleDescription(
      expect.stringContaining('The passwords do not match.'),
    );
    expect(api.to(accountPaths.resetRegisterTicket)).toHaveLength(0);
  });

  it('turns invalid (status -1) when the server says the ticket was used meanwhile', async () => {
    resetAnswer = { Succeeded: false, InvalidTicket: true };
    openAppAt('/resetpassword/the-ticket');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await choose('New-Secret-42');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible();
    expect(statusOf()).toBe('-1');
  });

  it('shows the server refusing the user name as password', async () => {
    resetAnswer = { Succeeded: false, UserPasswordInvalid: true };
    openAppAt('/resetpassword/the-ticket');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await choose('New-Secret-42');
    await waitFor(() =>
      expect(password()).toHaveAccessibleDescription(
        expect.stringContaining('The password must not be the same as the user name.'),
      ),
    );
    expect(statusOf()).toBe('1');
  });

  it('names the registration screen after its purpose and goes to /login on cancel', async () => {
    ticketAnswer = () => ({ ...validTicket, Purpose: 'register' });
    const router = openAppAt('/registerbyticket/new-user');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete your registration' }),
    ).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
