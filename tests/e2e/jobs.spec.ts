import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { EntityGridPage } from './pages/entity-grid-page';
import { LoginPage } from './pages/login-page';
import { demoPassword, signInByApi } from './support/sign-in';
import { withUnitsSource } from './support/units-source';

// The unit sync's source is the installation's setting, and its runs are the installation's:
// one test at a time.
test.describe.configure({ mode: 'serial' });

const screens = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const unitsSync = 'Bring units in from the recording system';

async function look(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Opens Administration > Schedule from the main menu (in the drawer on a phone). */
async function openScheduleFromMenu(page: Page) {
  const burger = page.getByRole('button', { name: 'Show or hide navigation' });
  if (await burger.isVisible()) {
    await burger.click();
    await page.getByRole('link', { name: 'Schedule', exact: true }).click();
    return;
  }
  const menu = page.getByRole('navigation', { name: 'Main menu' }).first();
  await menu.getByRole('button', { name: 'Administration' }).click();
  await page.getByRole('menuitem', { name: 'Schedule', exact: true }).click();
}

async function expectTidy(page: Page) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(JOBS|ENTITY|ROUTES)\.[A-Z_.]+/);
  expect(text).not.toMatch(/units\.sync|weather\.refresh|\bhousekeeping\b/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations.filter(
    (violation) => violation.impact === 'critical' || violation.impact === 'serious',
  );
  expect(
    grave.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.html} ${node.failureSummary ?? ''}`),
    ),
  ).toEqual([]);
}

for (const screen of screens) {
  test.describe(`the jobs page on a ${screen.name} (${screen.width}x${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('an administrator opens Schedule from the menu, runs the unit sync now and sees it succeed in the history', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const code = `JOB${screen.width}${Date.now() % 100000}`;
      await signInByApi(page, 'admin');
      const csv = `Code,Name,Active,Postcode\r\n${code},Plant from the schedule,true,LS9 0PS\r\n`;
      await withUnitsSource(page, csv, async () => {
        await page.goto('/');
        await page.getByRole('button', { name: 'OK, got it' }).click();
        await openScheduleFromMenu(page);
        await expect(page).toHaveURL(/\/admin\/jobs$/);
        await expect(page.getByRole('heading', { level: 2, name: 'Scheduled jobs' })).toBeVisible();

        const weather = page.getByRole('region', { name: 'Refresh weather forecasts' });
        await expect(weather.getByText('Every 10 minutes')).toBeVisible();
        await expect(weather.getByRole('listitem')).toHaveCount(5);
        const sync = page.getByRole('region', { name: unitsSync });
        await expect(sync.getByText('At 05:00')).toBeVisible();
        await expect(sync.getByText('Paused', { exact: true })).toBeVisible();
        await expect(sync.getByText('None while the job is paused.')).toBeVisible();

        await sync.getByRole('button', { name: 'Run now' }).click();
        await expect(sync.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
        await expect(sync.getByText(/^1 created, 0 updated/)).toBeVisible();
        await expect(sync.getByRole('button', { name: 'Run now' })).toBeEnabled();

        const history = new EntityGridPage(page);
        await page.getByRole('button', { name: 'Filter Job', exact: true }).click();
        await page.getByRole('dialog').getByRole('checkbox', { name: unitsSync }).check();
        await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
        const newest = history.dataRows().first();
        await expect(newest).toContainText(unitsSync);
        await expect(newest).toContainText('Succeeded');
        await expect(newest).toContainText('Run now');
        await expect(newest).toContainText('1 created, 0 updated');

        await page
          .getByRole('heading', { level: 2, name: 'Scheduled jobs' })
          .scrollIntoViewIfNeeded();
        await look(page, testInfo, `jobs-${screen.width}`);
        await expectTidy(page);

        await sync.getByRole('button', { name: 'Change schedule' }).click();
        await sync.getByRole('textbox', { name: 'Schedule (cron)' }).fill('0 5 * * 1-5');
        await expect(sync.getByText('At 05:00, Monday through Friday')).toBeVisible();
        await look(page, testInfo, `jobs-schedule-form-${screen.width}`);
        await sync.getByRole('button', { name: 'Cancel' }).click();
      });
    });
  });
}

test.describe('the way in', () => {
  test('an administrator signing in with the return path /hangfireview lands on the jobs page', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.evaluate(() => sessionStorage.setItem('returnPath', '/hangfireview'));
    await login.signIn('admin', demoPassword);
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole('region', { name: unitsSync })).toBeVisible();
  });

  test('an employee is refused the jobs page, and /hangfireview as a return path takes them home', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.evaluate(() => sessionStorage.setItem('returnPath', '/hangfireview'));
    await login.signIn('employee1', demoPassword);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/admin/jobs');
    await expect(page).toHaveURL(/\/unauthorized$/);
    expect((await page.request.get('/api/jobs')).status()).toBe(403);
  });
});
