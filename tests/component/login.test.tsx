import { createHash } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '#metadata';
import { clearReturnPath, useSession } from '#platform/ui';
import { FakeAuthServer } from '../support/fake-auth-server';
import { openAppAt } from '../support/open-app';

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

let server: FakeAuthServer;

const userName = () => screen.getByRole('textbox', { name: 'User name' });
const password = () => screen.getByLabelText('Password');
const rememberMe = () => screen.getByRole('checkbox', { name: 'Remember me' });
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

async function signInWith(name: string, secret: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'User name' }), name);
  await user.type(password(), secret);
  await user.click(signInButton());
  return user;
}

function expectLocked(locked: boolean) {
  for (const field of [userName(), password(), rememberMe()]) {
    if (locked) expect(field).toBeDisabled();
    else expect(field).toBeEnabled();
  }
  if (locked) expect(signInButton()).toBeDisabled();
  else expect(signInButton()).toBeEnabled();
}

beforeEach(() => {
  server = new FakeAuthServer();
  vi.stubGlobal('fetch', server.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
  clearReturnPath();
});
afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('labels its fields and sends the SHA-512 of the UTF-8 password, never the password', async () => {
    openAppAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const user = userEvent.setup();
    await user.type(userName(), 'admin');
    await user.type(password(), 'Pässwörd-£2026!');
    await user.click(rememberMe());
    await user.click(signInButton());

    await waitFor(() => expect(server.to('/api/auth/login')).toHaveLength(1));
    const [request] = server.to('/api/auth/login');
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({
      User: 'admin',
      Pass: sha512('Pässwörd-£2026!'),
      Save: true,
      // FingerprintJS's visitor id, for the login audit.
      FingerPrint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(JSON.stringify(request?.body)).not.toContain('Pässwörd');
  });

  it('takes what the browser filled in without an input event, looking every 300 ms (spec)', async () => {
    openAppAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // A browser's autofill: the values appear in the fields, and React hears nothing of it.
    const fill = (input: HTMLElement, value: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
    };
    fill(userName(), 'admi');
    fill(password(), 'Demo-2026!');
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The form has taken the filled-in name: a typed letter is added to it, not to nothing.
    const user = userEvent.setup();
    await user.type(userName(), 'n');
    expect(userName()).toHaveValue('admin');
    await user.click(signInButton());

    await waitFor(() => expect(server.to('/api/auth/login')).toHaveLength(1));
    expect(server.to('/api/auth/login')[0]?.body).toMatchObject({
      User: 'admin',
      Pass: sha512('Demo-2026!'),
    });
  });

  it('asks for a missing user name or password and sends nothing', async () => {
    openAppAt('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(userName()).toHaveAccessibleDescription('Enter your user name.');
    expect(password()).toHaveAccessibleDescription('Enter your password.');
    expect(server.to('/api/auth/login')).toHaveLength(0);
  });

  it('is locked while the request runs and unlocked when it ends', async () => {
    const release = server.holdLogin();
    openAppAt('/login');
    await signInWith('admin', 'wrong');

    await waitFor(() => expect(server.to('/api/auth/login')).toHaveLength(1));
    expectLocked(true);
    release({ Succeeded: false, CaptchaRequired: false, InvalidUserOrPassword: true });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user name or password is incorrect.',
    );
    expectLocked(false);
  });

  it.each<[string, Partial<LoginResult>, string]>([
    [
      'InvalidUserOrPassword',
      { InvalidUserOrPassword: true },
      'The user name or password is incorrect.',
    ],
    ['UserNotFound', { UserNotFound: true }, 'There is no user with this user name.'],
    ['InvalidPassword', { InvalidPassword: true }, 'The password is incorrect.'],
    [
      'InvalidPasswordAttempts',
      { InvalidPasswordAttempts: true },
      'Too many invalid sign-in attempts. Please try again later.',
    ],
    [
      'InvalidPasswordAttempts with LockedForSeconds',
      { InvalidPasswordAttempts: true, LockedForSeconds: 300 },
      'Too many invalid sign-in attempts. Please wait 5 minutes before trying again.',
    ],
    [
      'UserNotActive',
      { UserNotActive: true },
      'Your account is not active. Please contact your administrator.',
    ],
    [
      'UserNotActive with EmailNotConfirmed',
      { UserNotActive: true, EmailNotConfirmed: true },
      'Please confirm your e-mail address first: follow the link we mailed you when you registered.',
    ],
    ['InvalidCaptcha', { InvalidCaptcha: true }, 'The robot check failed or has expired.'],
  ])('shows the message of %s and unlocks the form', async (_flag, flags, text) => {
    server.answerLogin({ Succeeded: false, CaptchaRequired: false, ...flags });
    openAppAt('/login');
    await signInWith('jo', 'secret');

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expectLocked(false);
    expect(useSession.getState().authenticated).toBe(false);
    expect(server.to('/api/users/GetCurrentUser')).toHaveLength(0);
  });

  it('replaces the message on the next attempt', async () => {
    server.answerLogin(
      { Succeeded: false, CaptchaRequired: false, InvalidPassword: true },
      { Succeeded: false, CaptchaRequired: false, UserNotActive: true },
    );
    openAppAt('/login');
    const user = await signInWith('jo', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is incorrect.');

    await user.click(signInButton());

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/not active/));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it.each([
    ['the server fails', new Response('boom', { status: 500 }), 'Sign-in is not available'],
    ['requests are limited', new Response(null, { status: 429 }), 'Too many sign-in requests'],
    ['the server is busy hashing', new Response(null, { status: 503 }), 'server is busy'],
  ])('says so in place when %s, and unlocks', async (_case, response, text) => {
    server.answerLogin(response);
    openAppAt('/login');
    await signInWith('jo', 'secret');

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expectLocked(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits for a logout still on its way, so its answer cannot end the new session', async () => {
    useSession.setState({ authenticated: true });
    const release = server.holdLogout();
    const loggingOut = useSession.getState().logout();
    openAppAt('/login');
    await signInWith('jo', 'secret');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.to('/api/auth/login')).toHaveLength(0);
    release();
    await loggingOut;

    await waitFor(() => expect(server.to('/api/auth/login')).toHaveLength(1));
    await waitFor(() => expect(useSession.getState().authenticated).toBe(true));
  });
});
