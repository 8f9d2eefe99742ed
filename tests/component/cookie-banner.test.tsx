import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { platformConstants } from '#metadata';
import { CookieBanner } from '#platform/ui';
import { createTestI18n, renderWithProviders } from '../support/render';
const i18n = createTestI18n();

const written: string[] = [];

beforeEach(() => {
  Cookies.remove('cookie_banner_dismissed');
  written.length = 0;
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    descriptor.set!.call(document, value);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('cookie banner', () => {
  it('is shown until the user dismisses it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CookieBanner />, { i18n });
    const banner = screen.getByRole('region', { name: 'Cookie notice' });
    expect(banner).toHaveTextContent(/uses cookies/);

    await user.click(screen.getByRole('button', { name: 'OK, got it' }));

    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(Cookies.get('cookie_banner_dismissed')).toBe('true');
  });

  it('remembers the dismissal in a cookie that lasts about three years', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CookieBanner />, { i18n });
    const before = Date.now();

    await user.click(screen.getByRole('button', { name: 'OK, got it' }));

    const cookie = written.find((entry) => entry.startsWith('cookie_banner_dismissed='));
    expect(cookie).toBeDefined();
    const expires = /expires=([^;]+)/i.exec(cookie ?? '')?.[1];
    const expiry = Date.parse(expires ?? '');
    const expected = before + platformConstants.permanentCookieMs;
    expect(Math.abs(expiry - expected)).toBeLessThan(60_000);
    expect(cookie).toMatch(/path=\//i);
  });

  it('is not shown when the cookie is already present', () => {
    Cookies.set('cookie_banner_dismissed', 'true');
    renderWithProviders(<CookieBanner />, { i18n });
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });
});
