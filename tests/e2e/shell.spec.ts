import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell-page';
import { signInByApi } from './support/sign-in';

const day = 24 * 60 * 60;

test.describe('the application shell', () => {
  test.beforeEach(async ({ page }) => signInByApi(page, 'demo'));

  test('opens the home with a translated title and the server menu', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(page).toHaveTitle('Deliveries – Asphalt Delivery Scheduler');
    // The home is the deliveries grid of staff.
    await expect(page.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Deliveries' })).toBeVisible();
    await expect(shell.menu.getByRole('link', { name: 'Deliveries' })).toBeVisible();

    await shell.menu.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Report a problem' }).click();
    await expect(page).toHaveURL(/\/about\/reportaproblem$/);
    await expect(page).toHaveTitle('Report a problem – Asphalt Delivery Scheduler');
  });

  test('sends an unknown URL to the home page', async ({ page }) => {
    await new ShellPage(page).open('/some/unknown/path');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/^Deliveries/);
  });

  test('loads the app for a deep link to a screen that does not exist', async ({ page }) => {
    const response = await page.goto('/admin/no-such-screen');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).first()).toBeVisible();
  });

  test('shows the cookie banner until it is dismissed, then never again', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.cookieBanner).toBeVisible();
    await shell.cookieBanner.getByRole('button', { name: 'OK, got it' }).click();
    await expect(shell.cookieBanner).toBeHidden();

    const cookie = await shell.cookie('cookie_banner_dismissed');
    // We ask for about 3 years; Chromium keeps a cookie at most 400 days.
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 390 * day);

    await page.reload();
    await expect(shell.main).toBeVisible();
    await expect(shell.cookieBanner).toBeHidden();
  });

  test('switches to the fake language and keeps it across visits', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await shell.chooseLanguage('Fake (pseudo-localised)');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('[Ðéļîṽéŕîéš]');
    await expect(page).toHaveTitle('[Ðéļîṽéŕîéš] – [Àšþĥàļţ Ðéļîṽéŕý Šçĥéðûļéŕ]');
    await expect(page.getByRole('navigation', { name: '[Ṁàîñ ɱéñû]' })).toContainText(
      '[Ðéļîṽéŕîéš]',
    );
    expect((await shell.cookie('language'))?.value).toBe('fake');
    expect(Number((await shell.cookie('language_set_time'))?.value)).toBeGreaterThan(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('[Ðéļîṽéŕîéš]');

    await shell.chooseLanguage('English (UK)');
    await expect(page).toHaveTitle('Deliveries – Asphalt Delivery Scheduler');
  });

  test('shows the access-denied page', async ({ page }) => {
    await new ShellPage(page).open('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the jobs message, then returns home', async ({ page }) => {
    await new ShellPage(page).open('/hangfireview');
    await expect(page.getByRole('status').filter({ hasText: 'scheduled jobs' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
  });
});
