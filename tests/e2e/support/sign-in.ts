import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const demoPassword = 'Demo-2026!';

/** A password as the browser sends it (SHA-512, hex). */
export const browserDigest = (password: string) =>
  createHash('sha512').update(password, 'utf8').digest('hex');

/**
 * Signs a demo user in through the API, as the sign-in form would, sharing the page's cookies.
 * For tests about other screens; the sign-in screen itself is tested through its form.
 */
export async function signInByApi(page: Page, user: string, password = demoPassword) {
  const response = await page.request.post('/api/auth/login', {
    data: {
      User: user,
      Pass: browserDigest(password),
      Save: false,
    },
  });
  expect(await response.json()).toMatchObject({ Succeeded: true });
}
