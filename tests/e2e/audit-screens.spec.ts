import { expect, test } from '@playwright/test';
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
    await expect(newest).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);

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
