import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { EntityGridPage } from './pages/entity-grid-page';
import { signInByApi } from './support/sign-in';

test.describe('the login audit, the routes overview and the web services', () => {
  test("an administrator sees their own sign-in and the chart by day, finds a route's permission and the GET services", async ({
    page,
  }) => {
    await signInByApi(page, 'admin');

    const audit = new EntityGridPage(page);
    await audit.open('/admin/loginaudit', 'Login audit');
    // Newest first: the sign-in that opened this session is on top.
    const newest = audit.dataRows().first();
    await expect(newest).toContainText('admin');
    await expect(newest).toContainText('Success');
    // The time in the user's language's format (24-hour in en-gb; 12-hour elsewhere).
    await expect(newest).toContainText(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);

    const chart = page.getByRole('region', { name: 'Sign-in attempts' });
    await chart.getByText('Day', { exact: true }).click();
    await expect(chart.getByRole('radio', { name: 'Day' })).toBeChecked();
    await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();

    const routes = new EntityGridPage(page);
    await routes.open('/admin/routes', 'Routes');
    await page.getByRole('textbox', { name: 'Search' }).fill('loginaudit');
    await expect(routes.dataRows()).toHaveCount(1);
    await expect(routes.dataRows().first()).toContainText('/admin/loginaudit');
    await expect(routes.dataRows().first()).toContainText('ViewLoginAudit');

    const services = new EntityGridPage(page);
    await services.open('/admin/webservices', 'Web services');
    await expect(page.getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
    await page.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'GET', exact: true }).click();
    await expect(services.dataRows().first()).toContainText(/^GET \//);
    const names = await services.dataRows().locator('td:first-child').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^GET \//);
    await page.getByRole('textbox', { name: 'Search' }).fill('GetChartData');
    await expect(services.dataRows()).toHaveCount(1);
    await expect(services.dataRows().first()).toContainText(
      '/api/UserLoginAuditChart/GetChartData',
    );
  });
});

const screens = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** No sideways scroll, no translation key, and nothing critical or serious for axe-core. */
async function expectTidy(page: Page) {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  expect(await page.locator('body').innerText()).not.toMatch(/\b(ENGINE|ENTITY|ROUTES)\.[A-Z_.]+/);
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

/** `DD/MM/YYYY, HH:mm` (or with AM/PM) as a number that sorts as the moments do. */
function momentOf(text: string): number {
  const [, day, month, year, hour, minute, half] =
    /(\d{2})\/(\d{2})\/(\d{4}),? (\d{2}):(\d{2})(?: (AM|PM))?/i.exec(text) ?? [];
  if (!day) throw new Error(`no date and time in ${text}`);
  const hours = half ? (Number(hour) % 12) + (half.toUpperCase() === 'PM' ? 12 : 0) : Number(hour);
  return Number(`${year}${month}${day}${String(hours).padStart(2, '0')}${minute}`);
}

for (const screen of screens) {
  test.describe(`the audit log and a unit's history on a ${screen.name} (${screen.width}x${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('an administrator reads five entries a page newest first, opens all changes of one, and adds a note to the unit', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const code = `AUD${screen.width}${Date.now() % 100000}`;
      await signInByApi(page, 'admin');
      const created = await page.request.post('/api/units/SaveUnit', {
        data: { Code: code, Name: 'Audit plant' },
      });
      const unit = (await created.json()) as Record<string, unknown> & { Id: number };
      const updated = await page.request.post('/api/units/SaveUnit', {
        data: {
          ...unit,
          Name: 'Audit plant renamed',
          Postcode: 'LS9 0PS',
          Latitude: 53.8,
          Longitude: -1.5,
          Active: false,
        },
      });
      expect(updated.status()).toBe(200);

      const audit = new EntityGridPage(page);
      await audit.open('/admin/auditlog', 'Audit log');
      await expect(page.getByRole('combobox', { name: /rows per page|page size/i })).toHaveValue(
        '5',
      );
      await expect(audit.dataRows()).toHaveCount(5);
      const moments = (await audit.dataRows().allTextContents()).map(momentOf);
      expect(moments).toEqual([...moments].sort((a, b) => b - a));
      await page
        .getByRole('button', { name: 'OK, got it' })
        .click()
        .catch(() => {});

      await audit.filterText('Item', String(unit.Id));
      const entry = audit.dataRows().filter({ hasText: 'Update' }).first();
      await expect(entry).toContainText('Name: Audit plant → Audit plant');
      await expectTidy(page);
      await page.screenshot({ path: `/tmp/h2/audit-log-${screen.width}.png`, fullPage: true });

      await entry.getByRole('button', { name: 'and 2 more…' }).click();
      const details = page.getByRole('dialog', { name: 'All changes' });
      await expect(details.getByRole('listitem')).toHaveCount(5);
      await expect(details).toContainText('Name: Audit plant → Audit plant renamed');
      await expect(details).toContainText('Postcode: (empty) → LS9 0PS');
      await page.screenshot({ path: `/tmp/h2/audit-log-details-${screen.width}.png` });
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      await page.goto(`/admin/units/${unit.Id}`);
      await expect(page.getByRole('heading', { level: 2, name: `Unit: ${code}` })).toBeVisible();
      const history = page.getByRole('table', { name: 'History' });
      const update = history.getByRole('row').filter({ hasText: 'Update' });
      await expect(update.getByRole('listitem')).toHaveCount(4);
      await update.getByRole('button', { name: /^… Show all 5 changes$/ }).click();
      await expect(update.getByRole('listitem')).toHaveCount(5);

      const note = `Drum relined on ${screen.name}, checked by the plant manager.`;
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByText('Write the note before adding it.')).toBeVisible();
      await page.getByRole('textbox', { name: /^Add a note/ }).fill(note);
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByText('Note added to the history.')).toBeVisible();
      const newest = history.getByRole('row').nth(1);
      await expect(newest).toContainText(note);
      await expect(newest).toContainText('admin');
      await expect(newest).toContainText('Note');
      await expect(page.getByRole('textbox', { name: /^Add a note/ })).toHaveValue('');
      // The toast's own colours are the dialogs' (checked where they are drawn): axe looks at
      // the screen once it has hidden itself.
      await expect(page.getByText('Note added to the history.')).toBeHidden({ timeout: 8_000 });
      await expectTidy(page);
      await page
        .getByRole('region', { name: 'History' })
        .screenshot({ path: `/tmp/h2/unit-history-${screen.width}.png` });
      await page.screenshot({ path: `/tmp/h2/unit-detail-${screen.width}.png`, fullPage: true });
    });
  });
}
