import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountPaths, type RegisterUserResult } from '#metadata';
import { dialogs, useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { openAppAt } from '../support/open-app';

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

let registrationAllowed = true;
let answer: RegisterUserResult | Response = { Succeeded: true, ConfirmationMailed: true };
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  registrationAllowed = true;
  answer = { Succeeded: true, ConfirmationMailed: true };
  api = fakeApi({
    [`GET ${accountPaths.registrationOptions}`]: () => ({
      RegistrationAllowed: registrationAllowed,
    }),
    [`POST ${accountPaths.registerUser}`]: () => answer,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const textbox = (name: string) => screen.getByRole('textbox', { name });
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirm password/, { selector: 'input' });
const meter = () => screen.getByRole('progressbar', { name: 'Password strength' });

async function openForm() {
  const router = openAppAt('/register');
  expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  return { router, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, secret: string, again = secret) {
  await user.type(textbox('E-mail address'), 'robin.roe@example.com');
  await user.type(textbox('First name'), 'Robin');
  await user.type(textbox('Surname'), 'Roe');
  await user.type(password(), secret);
  await user.type(confirmation(), again);
}

describe('registration form', () => {
  it.each([
    ['abc', 0, 'Too weak'],
    ['abcdef', 10, 'Very weak'],
    ['abcdef1', 25, 'Weak'],
    ['Abcdef1', 40, 'Fair'],
    ['Abcdef1!', 60, 'Good'],
    ['Abcdef1!xyz9', 80, 'Strong'],
  ])('scores %s as %i (%s)', async (secret, score, level) => {
    const { user } = await openForm();
    await user.type(password(), secret);
    expect(meter()).toHaveAttribute('aria-valuenow', String(score));
    expect(meter()).toHaveAttribute('aria-valuetext', level);
    expect(screen.getByText(`Password strength: ${level}`)).toBeVisible();
  });

  it('refuses a short password and one using the e-mail name, and sends nothing', async () => {
    const { user } = await openForm();
    await fillIn(user, 'Ab1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(password()).toHaveAccessibleDescription(
      expect.stringContaining('Use at least 6 characters.'),
    );

    await user.clear(password());
    await user.type(password(), 'Robin.Roe-2026');
    await user.clear(confirmation());
    await user.type(confirmation(), 'Robin.Roe-2026');
    expect(meter()).toHaveAttribute('aria-valuenow', '0');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(password()).toHaveAccessibleDescription(
      expect.stringContaining('Do not use the name of your e-mail address in the password.'),
    );
    expect(api.to(accountPaths.registerUser)).toHaveLength(0);
  });

  it('shows a mismatched confirmation at once and sends nothing', async () => {
    const { user } = await openForm();
    await fillIn(user, 'Strong-Pass-1', 'Strong-Pass-2');
    expect(confirmation()).toHaveAccessibleDescription(
      expect.stringContaining('The passwords do not match.'),
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(api.to(accountPaths.registerUser)).toHaveLength(0);
  });

  it('asks for the missing details', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(textbox('E-mail address')).toHaveAccessibleDescription(
      expect.stringContaining('Enter your e-mail address.'),
    );
    expect(textbox('First name')).toHaveAccessibleDescription(
      expect.stringContaining('Enter your first name.'),
    );
    expect(textbox('Surname')).toHaveAccessibleDescription(
      expect.stringContaining('Enter your surname.'),
    );
    expect(password()).toHaveAccessibleDescription(expect.stringContaining('Enter a password.'));
    await user.type(textbox('E-mail address'), 'not-an-address');
    expect(textbox('E-mail address')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid e-mail address, for example name@example.com.'),
    );
  });

  it('sends the SHA-512 of the password, then goes to /login and asks to confirm the address', async () => {
    const success = vi.spyOn(dialogs, 'success');
    const { router, user } = await openForm();
    await fillIn(user, 'Strong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.to(accountPaths.registerUser)[0]?.body).toEqual({
      Name: 'robin.roe@example.com',
      FirstName: 'Robin',
      Surname: 'Roe',
      Password: sha512('Strong-Pass-1'),
      Language: 'en-gb',
      Active: true,
    });
    expect(JSON.stringify(api.requests)).not.toContain('Strong-Pass-1');
    const notice = await screen.findByRole('dialog', { name: 'Information' });
    expect(notice).toHaveTextContent(
      'Your account has been created. We have sent a mail to robin.roe@example.com: follow its link to confirm your address, then sign in.',
    );
    expect(success).not.toHaveBeenCalled();
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says the account signs in at once when no confirmation was mailed', async () => {
    answer = { Succeeded: true };
    const success = vi.spyOn(dialogs, 'success');
    const { router, user } = await openForm();
    await fillIn(user, 'Strong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(success).toHaveBeenCalledWith('Your account has been created. You can sign in now.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows what the server refused: a taken address, a password equal to the user name', async () => {
    const { router, user } = await openForm();
    answer = { Succeeded: false, UsernameAlreadyExists: true };
    await fillIn(user, 'Strong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('There is already an account with this e-mail address.'),
    ).toBeVisible();

    answer = { Succeeded: false, UserPasswordInvalid: true };
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(password()).toHaveAccessibleDescription(
        expect.stringContaining('The password must not be the same as the user name.'),
      ),
    );
    expect(router.state.location.pathname).toBe('/register');
  });

  it('goes back to /login on cancel', async () => {
    const { router, user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('goes to /unauthorized while companies are enabled', async () => {
    registrationAllowed = false;
    const router = openAppAt('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
    expect(screen.queryByRole('heading', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('goes to /unauthorized when the server closes registration meanwhile', async () => {
    const { router, user } = await openForm();
    answer = Response.json({ Message: 'Registration is not available.' }, { status: 403 });
    await fillIn(user, 'Strong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
