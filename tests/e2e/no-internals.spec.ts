import { expect, test, type Page } from '@playwright/test';
import { cookieNames } from '../../metadata';
import { internalToken, internalsShown } from './support/internals';
import { openInApp, screenPaths } from './support/screen-paths';
import { signInByApi } from './support/sign-in';

// A newcomer read ROUTES.AUDIT_LOG, GRID.ACTION.NEW, UserTable1000 and InvalidPassword on the
// administration screens. Every screen of the route list, as the administrator, at 1440 px:
// no translation key, internal table name or message code in what is shown or announced, in
// English and in the pseudo-localised language (where a missing text would fall back to its key).

test.use({ viewport: { width: 1440, height: 900 } });

/** New forms and the designers' first steps, beside the route list's own screens. */
const forms = [
  '/admin/units/0',
  '/admin/users/0',
  '/admin/roles/0',
  '/admin/permissions/0',
  '/admin/dataSources/0',
  '/admin/grids/0',
];

/**
 * What a screen may show that looks like a code: an e-mail template's code, shown beside its
 * title, is how the server names the template it sends (`PasswordReset`).
 */
const identifiers = [{ path: '/admin/templates', text: /^PasswordReset\t/ }];

async function walk(page: Page, paths: string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const path of paths) {
    await openInApp(page, path);
    // Rows and late parts (a chart, a forecast) come after the heading.
    await page
      .locator('main .mantine-Loader-root')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForTimeout(300);
    for (const finding of await internalsShown(page)) {
      const allowed = identifiers.some(
        (identifier) => identifier.path === path && identifier.text.test(finding.split('in "')[1]!),
      );
      if (!allowed) findings.push(`${path}: ${finding}`);
    }
  }
  return findings;
}

/** The Administration menu, opened from the header, and what it shows. */
async function administrationMenu(page: Page): Promise<string[]> {
  await openInApp(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Administration' }).click();
  const findings = (await internalsShown(page)).map((finding) => `menu: ${finding}`);
  await page.keyboard.press('Escape');
  return findings;
}

test('the patterns find what the newcomer read', () => {
  expect(internalToken('ROUTES.AUDIT_LOG')).toBe('ROUTES.AUDIT_LOG');
  expect(internalToken('New GRID.ACTION.NEW')).toBe('GRID.ACTION.NEW');
  expect(internalToken('Site inspections (UserTable1000)')).toBe('UserTable1000');
  expect(internalToken('InvalidPassword')).toBe('InvalidPassword');
  expect(internalToken('Wrong password')).toBeUndefined();
  expect(internalToken('Version 1.2.3 of PostgreSQL')).toBeUndefined();
});

test('no screen of the route list shows an internal token to the administrator', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInByApi(page, 'admin');
  const paths = await screenPaths(page);
  expect(paths.length).toBeGreaterThan(25);
  await page.goto('/');
  const findings = await walk(page, [...paths, ...forms]);
  findings.push(...(await administrationMenu(page)));
  expect(findings).toEqual([]);
});

test('no screen shows an internal token in the pseudo-localised language either', async ({
  page,
  baseURL,
}) => {
  // The texts on screen depend on the translations, not the database: on PGlite only.
  test.skip(!!process.env.TEST_DATABASE_URL, 'the pseudo-localised walk runs on PGlite only');
  test.setTimeout(150_000);
  await signInByApi(page, 'admin');
  await page.context().addCookies([{ name: cookieNames.language, value: 'fake', url: baseURL! }]);
  const paths = await screenPaths(page);
  await page.goto('/');
  // Pseudo-localised texts are bracketed: [Ðéļîvéŕîéš].
  await expect(page.getByRole('banner')).toContainText(/\[[^\]]+\]/);
  const findings = await walk(page, [...paths, ...forms]);
  expect(findings).toEqual([]);
});

test('the administration screens read alike and say what each call does', async ({ page }) => {
  await signInByApi(page, 'admin');
  await page.goto('/');
  // The people screens' headings read like the users' one: the list's name, no count.
  for (const [path, heading] of [
    ['/admin/users', 'Users'],
    ['/admin/roles', 'Roles'],
    ['/admin/groups', 'Groups'],
    ['/admin/permissions', 'Permissions'],
  ] as const) {
    await openInApp(page, path);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(heading);
  }

  // Each web service's call name has its description beside it.
  await openInApp(page, '/admin/webservices');
  const call = page.getByRole('row').filter({ hasText: 'GET /api/auth/IsBBWT2AuthAvailable' });
  await expect(call).toContainText('whether single sign-on through the BBWT2 identity server');
  const descriptions = await page
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
  expect(descriptions.length).toBeGreaterThan(5);
  expect(descriptions.filter((text) => text.trim() === '')).toEqual([]);

  // The Administration menu in its groups, every screen in one.
  await page.getByRole('banner').getByRole('button', { name: 'Administration' }).click();
  const menu = page.getByRole('menu');
  for (const group of ['People', 'Catalogue', 'Designers', 'System']) {
    await expect(menu.getByText(group, { exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('menuitem', { name: 'Permissions' })).toBeVisible();
});
