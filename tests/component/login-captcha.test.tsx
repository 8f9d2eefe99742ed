import { createHash } from 'node:crypto';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captchaLoginDelayMs, clearReturnPath, useSession } from '#platform/ui';
import { FakeAuthServer } from '../support/fake-auth-server';
import { openAppAt } from '../support/open-app';

/** jsdom runs no workers; the stub stands in for ALTCHA's `<altcha-widget>`. */
class AltchaWidgetStub extends HTMLElement {
  solve(payload: string) {
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  }
  expire() {
    this.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'expired', payload: null } }),
    );
  }
}

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const captchaNeeded = { Succeeded: false, CaptchaRequired: true } as const;
const robotMessage = 'Please confirm you are not a robot to continue.';

let server: FakeAuthServer;

const signInButton = () => screen.getByRole('button', { name: 'Sign in' });
const widget = () => {
  const group = screen.getByRole('group', { name: 'Robot check' });
  const element = group.querySelector('altcha-widget');
  if (!(element instanceof AltchaWidgetStub)) throw new Error('No captcha widget is shown.');
  return element;
};

async function failOnceAndShowCaptcha({ open = true } = {}) {
  server.answerLogin({ ...captchaNeeded, InvalidPassword: true });
  if (open) openAppAt('/login');
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'User name' }), 'jo');
  await user.type(screen.getByLabelText('Password'), 'Demo-2026!');
  await user.click(signInButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('The password is incorrect.');
  return user;
}

beforeAll(() => {
  if (!customElements.get('altcha-widget'))
    customElements.define('altcha-widget', AltchaWidgetStub);
});
beforeEach(() => {
  server = new FakeAuthServer();
  vi.stubGlobal('fetch', server.fetch);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
  clearReturnPath();
});
afterEach(() => vi.unstubAllGlobals());

describe('login captcha', () => {
  it('is absent until the server requires it, then asks the server for its challenge', async () => {
    openAppAt('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('group', { name: 'Robot check' })).not.toBeInTheDocument();

    await failOnceAndShowCaptcha({ open: false });

    expect(widget()).toHaveAttribute('challenge', '/api/auth/captcha/challenge');
  });

  it('asks to confirm first and sends nothing while unverified', async () => {
    const user = await failOnceAndShowCaptcha();

    await user.click(signInButton());

    expect(screen.getByRole('alert')).toHaveTextContent(robotMessage);
    expect(server.to('/api/auth/login')).toHaveLength(1);
    expect(server.to('/api/auth/LoginWithRecaptcha')).toHaveLength(0);
  });

  it('sends the verified payload through LoginWithRecaptcha after 100 ms', async () => {
    const user = await failOnceAndShowCaptcha();
    act(() => widget().solve('payload-1'));

    const clickedAt = performance.now();
    await user.click(signInButton());

    expect(
      await screen.findByRole('heading', { name: 'Welcome to the Asphalt Delivery Scheduler' }),
    ).toBeInTheDocument();
    const [request] = server.to('/api/auth/LoginWithRecaptcha');
    expect(request?.body).toEqual({
      User: 'jo',
      Pass: sha512('Demo-2026!'),
      Save: false,
      ReCaptcha: 'payload-1',
      FingerPrint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(request!.at - clickedAt).toBeGreaterThanOrEqual(captchaLoginDelayMs - 1);
    expect(server.to('/api/auth/login')).toHaveLength(1);
  });

  it('uses a payload once: after an attempt the widget starts again', async () => {
    const user = await failOnceAndShowCaptcha();
    const first = widget();
    act(() => first.solve('payload-1'));
    server.answerLogin({ ...captchaNeeded, InvalidCaptcha: true });

    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('The robot check failed');
    await waitFor(() => expect(widget()).not.toBe(first));
    await user.click(signInButton());
    expect(screen.getByRole('alert')).toHaveTextContent(robotMessage);
    expect(server.to('/api/auth/LoginWithRecaptcha')).toHaveLength(1);

    act(() => widget().solve('payload-2'));
    await user.click(signInButton());
    await waitFor(() => expect(server.to('/api/auth/LoginWithRecaptcha')).toHaveLength(2));
    expect(server.to('/api/auth/LoginWithRecaptcha')[1]?.body).toMatchObject({
      ReCaptcha: 'payload-2',
    });
  });

  it('forgets a payload that expired', async () => {
    const user = await failOnceAndShowCaptcha();
    act(() => widget().solve('payload-1'));
    act(() => widget().expire());

    await user.click(signInButton());

    expect(screen.getByRole('alert')).toHaveTextContent(robotMessage);
    expect(server.to('/api/auth/LoginWithRecaptcha')).toHaveLength(0);
  });

  it('says a captcha is required when the server asks for one without another reason', async () => {
    server.answerLogin(captchaNeeded);
    openAppAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'User name' }), 'jo');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(signInButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(robotMessage);
    expect(widget()).toBeInTheDocument();
    expect(signInButton()).toBeEnabled();
  });
});
